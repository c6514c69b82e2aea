//! The machine's devices the engine may use: the clipboard and the microphone. The
//! system's by default; tests and scripts hand in others (a folder clipboard, a
//! recorder that plays a file).

use std::sync::Arc;

use crate::clipboard::{Clipboard, SystemClipboard};
use crate::voice::{Recorder, default_recorder};

/// The clipboard and the recorder of a session.
#[derive(Clone)]
pub struct Devices {
    pub clipboard: Arc<dyn Clipboard>,
    pub recorder: Arc<dyn Recorder>,
}

impl Devices {
    /// The system clipboard and the default microphone.
    pub fn system() -> Devices {
        Devices {
            clipboard: Arc::new(SystemClipboard::new()),
            recorder: Arc::from(default_recorder()),
        }
    }
}

impl Default for Devices {
    fn default() -> Self {
        Devices::system()
    }
}
