"use client";
// The prizes on one wheel with their odds (GET /wheels/{id}/products); null waits for a wheel.
import { useApi } from "@/lib/swr/use-api";
import type { listWheelProducts } from "@/lib/wheels/wheel-products";

export type WheelProductsAnswer = Awaited<ReturnType<typeof listWheelProducts>>;

export const useWheelProducts = (wheelId: string | null) =>
  useApi<WheelProductsAnswer>(wheelId && `/wheels/${wheelId}/products`, {
    errorText: "Erro ao carregar produtos",
    keepPreviousData: false, // another wheel's prizes must never stand in for this one's
  });
