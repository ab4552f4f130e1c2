"""Static board layers: the bounded two-tier cache and pre-drawn text stamps."""

from PIL import Image, ImageChops, ImageDraw

from rendering.common import INK, font, paste_stamp, text_stamp
from rendering.layers import LayerCache


def _layer(seed: int) -> Image.Image:
    image = Image.new("RGB", (300, 200), (seed, 100, 200))
    ImageDraw.Draw(image).ellipse((10, 10, 100 + seed, 150), fill=(250, seed, 0))
    return image


def test_a_layer_out_of_the_first_tier_comes_back_identical_without_a_redraw():
    cache = LayerCache(images=2, max_bytes=10**6)
    drawn = []

    def draw(seed):
        drawn.append(seed)
        return _layer(seed)

    for seed in range(5):
        cache.get(seed, lambda s=seed: draw(s))
    assert cache.sizes()[:2] == (2, 3)
    again = cache.get(0, lambda: draw(0))
    assert drawn == [0, 1, 2, 3, 4]
    assert ImageChops.difference(again, _layer(0)).getbbox() is None


def test_a_layer_taken_back_from_the_packed_tier_is_not_compressed_again(monkeypatch):
    from rendering import layers

    cache = LayerCache(images=1, max_bytes=10**6)
    compressed = []
    original = layers.zlib.compress
    monkeypatch.setattr(layers.zlib, "compress",
                        lambda data, level: compressed.append(1) or original(data, level))
    for seed in (0, 1, 0, 1, 0, 1):  # each evicted from the whole tier three times
        cache.get(seed, lambda s=seed: _layer(s))
    assert len(compressed) == 2 and cache.sizes()[1] == 2


def test_the_compressed_tier_stays_within_its_byte_bound():
    cache = LayerCache(images=1, max_bytes=3000)
    for seed in range(40):
        cache.get(seed, lambda s=seed: _layer(s))
    whole, packed, size = cache.sizes()
    assert whole == 1 and 0 < packed < 39 and size <= 3000


def test_a_text_stamp_draws_what_draw_text_draws_on_a_transparent_layer():
    by_text = Image.new("RGB", (120, 60), (46, 110, 58))
    layer = Image.new("RGBA", by_text.size, (0, 0, 0, 0))
    ImageDraw.Draw(layer).text((60.4, 30.2), "-12,7", font=font(14, True), fill=(255, 255, 255),
                               anchor="mm", stroke_width=1, stroke_fill=INK)
    by_text.paste(layer, (0, 0), layer)
    stamped = Image.new("RGB", (120, 60), (46, 110, 58))
    paste_stamp(stamped, text_stamp("-12,7", 14, True, (255, 255, 255), 1, INK), (60.4, 30.2))
    assert ImageChops.difference(by_text, stamped).getbbox() is None


def test_with_pack_repeats_only_a_layer_that_came_back_is_packed(monkeypatch):
    from rendering import layers

    cache = LayerCache(images=1, max_bytes=10**6, pack_repeats=True)
    compressed = []
    original = layers.zlib.compress
    monkeypatch.setattr(layers.zlib, "compress",
                        lambda data, level: compressed.append(1) or original(data, level))
    for seed in range(4):  # each drawn once and let go: nothing compressed
        cache.get(seed, lambda s=seed: _layer(s))
    assert compressed == [] and cache.sizes()[:2] == (1, 0)
    drawn = []
    cache.get(0, lambda: drawn.append(0) or _layer(0))  # came back: drawn anew ...
    cache.get(9, lambda: _layer(9))  # ... and packed when let go again
    assert drawn == [0] and compressed == [1] and cache.sizes()[:2] == (1, 1)
    again = cache.get(0, lambda: drawn.append(0) or _layer(0))
    assert drawn == [0]
    assert ImageChops.difference(again, _layer(0)).getbbox() is None


def test_a_cache_with_no_packed_bytes_compresses_nothing(monkeypatch):
    from rendering import layers

    cache = LayerCache(images=1, max_bytes=0)
    monkeypatch.setattr(layers.zlib, "compress", lambda data, level: 1 / 0)
    for seed in range(3):
        cache.get(seed, lambda s=seed: _layer(s))
    assert cache.sizes() == (1, 0, 0)
