//! How a setting's type is held in one layer and laid over the value below it, and how
//! a raw value is read into a layer. The table derives a layer's fields from these, so
//! an option declares only its type.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use super::value::{Expected, Value};
use super::{Resume, Secret, SecretVars};

/// A setting's type as one layer holds it.
pub trait Layered {
    /// What a layer holds; its default means "this layer says nothing".
    type Layer: Clone + std::fmt::Debug + Default + PartialEq;
    /// Lays a layer's value over the current one.
    fn lay(&mut self, layer: &Self::Layer);
}

/// A setting whose raw values can be read straight into a layer.
pub(crate) trait Recorded: Layered {
    /// Reads `value` into the layer.
    fn record(layer: &mut Self::Layer, value: &Value) -> Result<(), Expected>;
}

/// One value of a setting, read from a raw value.
pub(crate) trait Scalar: Sized + Clone + std::fmt::Debug + PartialEq {
    /// Reads a raw value.
    fn read(value: &Value) -> Result<Self, Expected>;
}

impl Scalar for bool {
    fn read(value: &Value) -> Result<Self, Expected> {
        value.to_bool()
    }
}

impl Scalar for String {
    fn read(value: &Value) -> Result<Self, Expected> {
        value.to_text()
    }
}

impl Scalar for PathBuf {
    fn read(value: &Value) -> Result<Self, Expected> {
        value.to_text().map(PathBuf::from)
    }
}

impl Scalar for Secret {
    fn read(value: &Value) -> Result<Self, Expected> {
        value.to_text().map(|text| Secret::new(text.trim()))
    }
}

impl Scalar for Duration {
    fn read(value: &Value) -> Result<Self, Expected> {
        value.to_seconds().map(Duration::from_secs_f64)
    }
}

impl Scalar for Resume {
    fn read(value: &Value) -> Result<Self, Expected> {
        if let Ok(on) = value.to_bool() {
            return Ok(if on { Resume::Latest } else { Resume::No });
        }
        let id = value.to_text()?.trim().to_string();
        Ok(if id.is_empty() {
            Resume::Latest
        } else {
            Resume::Session(id)
        })
    }
}

/// Whole numbers of each width the settings use.
macro_rules! count_scalar {
    ($($number:ty),*) => {$(
        impl Scalar for $number {
            fn read(value: &Value) -> Result<Self, Expected> {
                <$number>::try_from(value.to_count()?)
                    .map_err(|_| format!("a whole number up to {}", <$number>::MAX).into())
            }
        }
    )*};
}
count_scalar!(u32, u64, usize);

/// A setting that always has a value: a layer may replace it.
macro_rules! replaced_setting {
    ($($type:ty),*) => {$(
        impl Layered for $type {
            type Layer = Option<$type>;
            fn lay(&mut self, layer: &Self::Layer) {
                if let Some(value) = layer {
                    self.clone_from(value);
                }
            }
        }
        impl Recorded for $type {
            fn record(layer: &mut Self::Layer, value: &Value) -> Result<(), Expected> {
                *layer = Some(<$type as Scalar>::read(value)?);
                Ok(())
            }
        }
    )*};
}
replaced_setting!(bool, u32, u64, usize, String, Resume);

/// An optional setting: a layer may set it (no layer unsets it).
impl<T: Clone + std::fmt::Debug + PartialEq> Layered for Option<T> {
    type Layer = Option<T>;
    fn lay(&mut self, layer: &Self::Layer) {
        if layer.is_some() {
            self.clone_from(layer);
        }
    }
}

impl<T: Scalar> Recorded for Option<T> {
    fn record(layer: &mut Self::Layer, value: &Value) -> Result<(), Expected> {
        *layer = Some(T::read(value)?);
        Ok(())
    }
}

/// A list: each layer adds to the lists below it (as repeated flags do), without repeats.
impl Layered for Vec<PathBuf> {
    type Layer = Vec<PathBuf>;
    fn lay(&mut self, layer: &Self::Layer) {
        for item in layer {
            if !self.contains(item) {
                self.push(item.clone());
            }
        }
    }
}

impl Recorded for Vec<PathBuf> {
    fn record(layer: &mut Self::Layer, value: &Value) -> Result<(), Expected> {
        layer.extend(value.to_text_list()?.into_iter().map(PathBuf::from));
        Ok(())
    }
}

/// Texts (aliases): each layer adds to the lists below it, without repeats.
impl Layered for Vec<String> {
    type Layer = Vec<String>;
    fn lay(&mut self, layer: &Self::Layer) {
        for item in layer {
            if !self.contains(item) {
                self.push(item.clone());
            }
        }
    }
}

/// Named entries (lint commands per language): upper layers replace entries by name.
impl Layered for BTreeMap<String, String> {
    type Layer = BTreeMap<String, String>;
    fn lay(&mut self, layer: &Self::Layer) {
        self.extend(layer.clone());
    }
}

/// Variables for provider lookups: upper layers replace variables by name.
impl Layered for SecretVars {
    type Layer = SecretVars;
    fn lay(&mut self, layer: &Self::Layer) {
        self.extend(
            layer
                .iter()
                .map(|(name, value)| (name.clone(), value.clone())),
        );
    }
}
