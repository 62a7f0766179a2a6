"use client";
// A page of the company's products (GET /products), searched and filtered by the server.
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";

export type ProductsAnswer = ReadAnswers["listProducts"];
export type Product = ProductsAnswer["products"][number];

export interface ProductsQuery {
  page: number;
  limit: number;
  search?: string;
  active?: boolean;
  lowstock?: boolean;
}

export const useProducts = (query: ProductsQuery) =>
  useApi<ProductsAnswer>("/products", { query: { ...query }, errorText: "Erro ao carregar produtos" });
