//! Laying one layer over the settings below it.

use super::{Overrides, Settings};

impl Overrides {
    /// Lays this layer over `settings`: set values win, lists are added to. `origin`
    /// says where the layer came from (a file, "the environment", "the command line")
    /// and is noted for every option the layer set.
    pub fn apply_to(&self, settings: &mut Settings, origin: &str) {
        self.lay_fields(settings);
        for name in &self.given {
            settings.origins.insert(name, origin.to_string());
        }
    }
}
