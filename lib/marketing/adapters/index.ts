// The adapter of each marketing tool.
import "server-only";
import type { MarketingTool } from "../tools";
import { activecampaign } from "./activecampaign";
import { brevo } from "./brevo";
import { klaviyo } from "./klaviyo";
import { mailchimp } from "./mailchimp";
import type { Adapter } from "./types";

export const ADAPTERS: Record<MarketingTool, Adapter> = { klaviyo, brevo, mailchimp, activecampaign };
