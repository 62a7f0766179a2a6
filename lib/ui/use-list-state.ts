"use client";
// A searched, paged list's state: the search box's text, the debounced text sent to the server,
// and the page, back to 1 whenever the search changes.
import { useState } from "react";
import { useDebounced } from "./use-debounced";

export const SEARCH_DELAY_MS = 300;
/** Spec section 9: the product and wheel lists load 100 to a page. */
export const LIST_PAGE_SIZE = 100;

export function useListState() {
  const [search, setSearchText] = useState("");
  const [page, setPage] = useState(1);
  const query = useDebounced(search, SEARCH_DELAY_MS);
  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(1);
  };
  return { search, setSearch, query, page, setPage };
}
