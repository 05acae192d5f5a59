export { SeriesBox, SeriesSteps } from './components/series-box';
