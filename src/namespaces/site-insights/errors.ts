// Site Kit's own error answers, each written once with its code, message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/** `rest_invalid_param` of `core/user/data/key-metrics`: an empty `widgetSlugs` (`REST_Key_Metrics_Controller`). */
export const selectedMetricsEmpty = (): RestError => restError('rest_invalid_param', 'Selected metrics cannot be empty.', 400);
