import type { IconType } from 'react-icons';
import {
  LuActivity,
  LuCalculator,
  LuChartCandlestick,
  LuFileText,
  LuGlobe,
  LuHandshake,
  LuHouse,
  LuLayoutDashboard,
  LuReceipt,
  LuShieldCheck,
  LuWallet,
  LuWorkflow,
} from 'react-icons/lu';
import type { MenuFileType } from './menu-tree';

/** One icon per menu section (spec section 2). Kept out of menu-tree.ts so routes stay light. */
export const MENU_ICONS: Record<MenuFileType, IconType> = {
  home: LuHouse,
  dashboard: LuLayoutDashboard,
  relations: LuHandshake,
  settlements: LuCalculator,
  actions: LuWorkflow,
  invoicing: LuReceipt,
  countries: LuGlobe,
  accounting: LuWallet,
  monitoring: LuActivity,
  markets: LuChartCandlestick,
  admin: LuShieldCheck,
  page: LuFileText,
};
