"use client";
// Placeholder for the guided tour (issue 6 replaces it). The header button dispatches this event.
export const START_TOUR_EVENT = "roleta:start-tour";

export function startTour() {
  window.dispatchEvent(new Event(START_TOUR_EVENT));
}

export function GuidedTour() {
  return null;
}
