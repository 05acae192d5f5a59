export { SeriesBox, SeriesSteps } from './components/series-box';
export { manageSeriesPath } from './paths';
export { listManagedSeries } from './api/manage-series';
