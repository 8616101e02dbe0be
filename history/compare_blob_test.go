package history

import (
	"strings"
	"testing"
)

// A blob of bytes that are not text (an image) stays base64: decoded it
// would be noise the terminal cannot show.
func TestRenderDiffKeepsABinaryBlobEncoded(t *testing.T) {
	png := Difference{Path: "$.result.contents[0].blob", Recorded: `"iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ"`, Live: `"iVBORw0KGgoAAAANSUhEUgAAACAAAAAg"`, Kind: DiffChanged}
	got := RenderDiff([]Difference{png}, 75)
	if strings.Contains(got, "decoded") || !strings.Contains(got, `- "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ"`) {
		t.Errorf("RenderDiff of an image's blob =\n%s\nwant its base64 as recorded", got)
	}
}
