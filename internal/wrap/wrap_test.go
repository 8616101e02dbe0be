package wrap

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A long word (a JSON body excerpt in Negotiation) is not broken between
// a minus sign and its number: "-32000", a JSON-RPC error code, read as
// "-" at the end of one row and "32000" on the next. A hyphen inside a
// word (a UUID) is still a place to break it, and no row is wider than
// room.
func TestWordsKeepsNegativeNumbersWhole(t *testing.T) {
	body := `"{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad`
	for room := 10; room <= 40; room++ {
		lines := Words(body, room)
		if strings.Join(lines, "") != body {
			t.Fatalf("Words(%q, %d) = %q, which loses text", body, room, lines)
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > room {
				t.Errorf("Words(%q, %d): row %q is %d wide", body, room, l, w)
			}
			if strings.HasSuffix(l, "-") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "3") {
				t.Errorf("Words(%q, %d) = %q: -32000 is broken after its minus sign", body, room, lines)
			}
		}
	}
	id := "54de8b3a-562e-4801-b213-07ad59d5100b"
	if got := Words(id, 30); len(got) != 2 || got[0] != "54de8b3a-562e-4801-b213-" {
		t.Errorf("Words(%q, 30) = %q, want it broken after the hyphen that fits", id, got)
	}
}
