import ForecastCLI

await Forecast.runMain()
