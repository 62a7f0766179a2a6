"use client";
// The company's pending invitations (GET /api/users/invitations).
import type { ReadAnswers } from "@/lib/api-types";
import { useApi } from "@/lib/swr/use-api";

export type InvitationsAnswer = ReadAnswers["listInvitations"];
export type PendingInvitation = InvitationsAnswer["invitations"][number];

export const useInvitations = () =>
  useApi<InvitationsAnswer>("/users/invitations", { errorText: "Erro ao carregar convites" });
