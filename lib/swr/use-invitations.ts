"use client";
// The company's pending invitations (GET /api/users/invitations).
import type { listInvitations } from "@/lib/invitations/service";
import { useApi } from "@/lib/swr/use-api";

export type InvitationsAnswer = Awaited<ReturnType<typeof listInvitations>>;
export type PendingInvitation = InvitationsAnswer["invitations"][number];

export const useInvitations = () =>
  useApi<InvitationsAnswer>("/users/invitations", { errorText: "Erro ao carregar convites" });
