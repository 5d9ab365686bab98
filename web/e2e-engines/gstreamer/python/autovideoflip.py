"""A stand-in `autovideoflip` element for GStreamer 1.22 (Debian 12), for the engines run only.

WebKitGTK 2.50's video encoder (VideoEncoderPrivateGStreamer.cpp) puts an `autovideoflip`
(gst-plugins-bad's autoconvert plugin since GStreamer 1.24) before its encoder when MediaRecorder
asks it to follow the camera's orientation, and gives up on the encoder when that element is
missing: the recorder's video branch then never links, mp4mux waits for video forever and
MediaRecorder hands out 0 bytes. This bin wraps the `videoflip` of gst-plugins-good with the same
`video-direction` property (WebKit sets it to 'auto'), so the MP4 H.264/AAC recorder runs.

Loaded through gst-python's plugin loader (Debian's gstreamer1.0-python3-plugin-loader) when
web/e2e-engines/run.ts puts this folder's parent on GST_PLUGIN_PATH, which it does only when
GStreamer has no `autovideoflip` of its own.
"""
import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstVideo", "1.0")
from gi.repository import GObject, Gst, GstVideo  # noqa: E402

Gst.init(None)


class AutoVideoFlip(Gst.Bin):
    """videoflip behind ghost pads, with videoflip's `video-direction`."""

    __gstmetadata__ = (
        "Auto video flip (engines run stand-in)",
        "Filter/Effect/Video",
        "Flips and rotates video as its orientation tag says (wraps videoflip)",
        "Practica",
    )
    __gsttemplates__ = (
        Gst.PadTemplate.new("sink", Gst.PadDirection.SINK, Gst.PadPresence.ALWAYS, Gst.Caps.new_any()),
        Gst.PadTemplate.new("src", Gst.PadDirection.SRC, Gst.PadPresence.ALWAYS, Gst.Caps.new_any()),
    )
    __gproperties__ = {
        "video-direction": (
            GstVideo.VideoOrientationMethod,
            "Video direction",
            "Video direction: rotation and flipping (auto: from the stream's orientation tag)",
            GstVideo.VideoOrientationMethod.IDENTITY,
            GObject.ParamFlags.READWRITE,
        ),
    }

    def __init__(self):
        super().__init__()
        self.flip = Gst.ElementFactory.make("videoflip", None)
        self.add(self.flip)
        for name in ("sink", "src"):
            self.add_pad(
                Gst.GhostPad.new_from_template(
                    name, self.flip.get_static_pad(name), self.get_pad_template(name)
                )
            )

    def do_get_property(self, prop):
        return self.flip.get_property(prop.name)

    def do_set_property(self, prop, value):
        self.flip.set_property(prop.name, value)


GObject.type_register(AutoVideoFlip)
__gstelementfactory__ = ("autovideoflip", Gst.Rank.NONE, AutoVideoFlip)
