"use client";
// The guided tour (driver.js): nine steps, 'x de y' progress, Próximo / Voltar / Pular Tour /
// Finalizar. It starts 1.5 s after entering an admin page until finished or skipped once
// (kept in local storage); the header's 'Tour de Introdução' button restarts it.
import { driver, type DriveStep } from "driver.js";
import "driver.js/dist/driver.css";
import { useEffect } from "react";

export const START_TOUR_EVENT = "roleta:start-tour";
export const TOUR_COMPLETED_KEY = "tourCompleted";
export const TOUR_DELAY_MS = 1500;

const STEPS: { selector?: string; title: string; description: string }[] = [
  { title: "Bem-vindo à Roleta Premiada!", description: "Vamos mostrar rapidamente onde fica cada parte do painel." },
  {
    selector: '[data-tour="nav-dashboard"]',
    title: "Dashboard",
    description: "Resumo dos seus produtos, roletas, giros e do estoque.",
  },
  {
    selector: '[data-tour="nav-products"]',
    title: "Produtos",
    description: "Cadastre os prêmios com estoque, imagem e chance base.",
  },
  {
    selector: '[data-tour="nav-wheels"]',
    title: "Roda de prêmios",
    description: "Crie roletas, escolha os prêmios e compartilhe o link ou o QR Code.",
  },
  {
    selector: '[data-tour="nav-leads"]',
    title: "Leads",
    description: "Veja quem participou, filtre e exporte em CSV.",
  },
  {
    selector: '[data-tour="nav-reports"]',
    title: "Relatórios",
    description: "Acompanhe giros, prêmios distribuídos e a atividade diária.",
  },
  {
    selector: '[data-tour="nav-subscription"]',
    title: "Assinatura",
    description: "Seu plano, o uso do mês e o upgrade para o Pro.",
  },
  {
    selector: '[data-tour="user-menu"]',
    title: "Menu do usuário",
    description: "Seu perfil, as configurações da empresa e a saída.",
  },
  {
    title: "Tudo pronto!",
    description: "Você pode rever este tour a qualquer momento pelo botão 'Tour de Introdução'.",
  },
];

function visible(selector?: string): Element | undefined {
  if (!selector) return undefined;
  const el = document.querySelector(selector) as HTMLElement | null;
  return el && el.offsetParent !== null ? el : undefined;
}

export function startTour() {
  window.dispatchEvent(new Event(START_TOUR_EVENT));
}

/** Finished or skipped once: it no longer starts by itself. */
const markCompleted = () => localStorage.setItem(TOUR_COMPLETED_KEY, "true");

function runTour() {
  const steps: DriveStep[] = STEPS.map((s) => ({
    element: visible(s.selector),
    popover: { title: s.title, description: s.description },
  }));
  const tour = driver({
    steps,
    showProgress: true,
    progressText: "{{current}} de {{total}}",
    nextBtnText: "Próximo",
    prevBtnText: "Voltar",
    doneBtnText: "Finalizar",
    allowClose: true,
    onPopoverRender: (popover) => {
      const skip = document.createElement("button");
      skip.type = "button";
      skip.textContent = "Pular Tour";
      skip.className = "tour-skip";
      skip.style.cssText =
        "background:none;border:0;color:#4b5563;text-decoration:underline;cursor:pointer;font-size:13px;padding:0";
      skip.addEventListener("click", () => {
        markCompleted();
        tour.destroy();
      });
      // Its own row above the progress and the buttons, never run together with 'x de y'.
      const row = document.createElement("div");
      row.style.cssText = "width:100%;margin-bottom:8px";
      row.append(skip);
      popover.footer.style.flexWrap = "wrap";
      popover.footer.prepend(row);
    },
    // driver.js marks the highlighted element as a dialog's opener (aria-haspopup/expanded/controls).
    // A step with no element highlights a plain invisible div, where those attributes are not allowed
    // (axe's critical aria-allowed-attr): take them off it.
    // (driver.js hands the hook undefined for that div, so it is looked up by its id.)
    onHighlighted: () => {
      const standIn = document.getElementById("driver-dummy-element");
      for (const attr of ["aria-haspopup", "aria-expanded", "aria-controls"]) standIn?.removeAttribute(attr);
    },
    // Finalizar, the close button and Esc come here first. Marked here rather than in onDestroyed,
    // which driver.js skips when the tour ends between two steps (a skip right after Voltar: the
    // tour came back on the next visit; the tour e2e met it).
    onDestroyStarted: () => {
      markCompleted();
      tour.destroy();
    },
  });
  tour.drive();
}

export function GuidedTour() {
  useEffect(() => {
    const onStart = () => runTour();
    window.addEventListener(START_TOUR_EVENT, onStart);
    const timer = localStorage.getItem(TOUR_COMPLETED_KEY) ? undefined : setTimeout(runTour, TOUR_DELAY_MS);
    return () => {
      window.removeEventListener(START_TOUR_EVENT, onStart);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return null;
}
