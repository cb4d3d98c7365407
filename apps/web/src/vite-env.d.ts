/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COMPANY_LEGAL_NAME?: string;
  readonly VITE_COMPANY_ADDRESS?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
