// Staff pages of the catalog and the metal spot prices (issue 15): the `/ops` layout nests them.
export { OpsCatalogPage } from './pages/ops-catalog-page';
export { MetalPricesPage } from './pages/metal-prices-page';
