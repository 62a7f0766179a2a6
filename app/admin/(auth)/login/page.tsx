// /admin/login is the same screen as /login (both addresses are served).
export { default, metadata } from "@/app/login/page";
