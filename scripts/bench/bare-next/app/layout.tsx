// The bare Next.js app of `npm run bench:lighthouse`: the framework's floor (see README.md).
export const metadata = { title: "Bare Next.js", description: "One client component: the framework's floor." };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
