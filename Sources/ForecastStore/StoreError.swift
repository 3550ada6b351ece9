import ForecastCore

extension StoreError {
    /// `error` as a store error: itself if it is one, else a failure naming it.
    public static func wrapping(_ error: any Error) -> StoreError {
        (error as? StoreError) ?? .failed(PlaceStore.describe(error))
    }
}
