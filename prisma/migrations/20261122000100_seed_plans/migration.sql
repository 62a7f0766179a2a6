-- The two plans (ARCHITECTURE.md "Plans"). Limits: -1 means unlimited. Prices in cents.
INSERT INTO "Plan" ("id", "name", "priceYearlyCents", "maxWheels", "maxProducts", "maxSpinsMonth", "features", "sortOrder") VALUES
  ('free', 'Free', 0, 1, 10, 200, ARRAY['1 roleta', 'Até 10 produtos', 'Até 200 giros por mês', 'Captura de leads com LGPD', 'QR Code da roleta'], 0),
  ('pro', 'Pro', 9700, -1, -1, -1, ARRAY['Roletas ilimitadas', 'Produtos ilimitados', 'Giros ilimitados por mês', 'Upload de imagens na nuvem', 'Relatórios completos e exportação CSV', 'Suporte prioritário'], 1)
ON CONFLICT ("id") DO NOTHING;
