package history

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/jsonfmt"
)

// A resource's blob that changed was shown as the tails of two base64
// strings ("…F0ZWQgYXQgMTE6NDA6MjkgUE0="), where what changed was a clock
// in the text it encodes. A blob whose bytes on both sides are text is
// shown decoded; --json keeps the base64 as the server sent it.

// decodedBlobNote is the line under a decoded blob's heading.
const decodedBlobNote = "  (base64 of text, shown decoded)\n"

// decodedBlobs is a changed blob's two sides as JSON strings of the text
// they encode; ok is false unless d is a changed .blob whose two sides are
// base64 of UTF-8 text.
func decodedBlobs(d Difference) (recorded, live string, ok bool) {
	if d.Kind != DiffChanged || !strings.HasSuffix(d.Path, ".blob") {
		return "", "", false
	}
	a, okA := blobText(d.Recorded)
	b, okB := blobText(d.Live)
	if !okA || !okB {
		return "", "", false
	}
	return a, b, true
}

// blobText is the text a compact JSON string of base64 encodes, as a
// compact JSON string; ok is false for anything else, or bytes that are
// not text (invalid UTF-8, or a NUL).
func blobText(s string) (string, bool) {
	var enc string
	if json.Unmarshal([]byte(s), &enc) != nil {
		return "", false
	}
	raw, err := base64.StdEncoding.DecodeString(enc)
	if err != nil || !utf8.Valid(raw) || bytes.IndexByte(raw, 0) >= 0 {
		return "", false
	}
	// Not json.Marshal: it writes < > & as \u003c and so on, which the
	// diff would show as such.
	text, err := jsonfmt.Plain(string(raw))
	return text, err == nil
}
