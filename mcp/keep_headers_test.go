package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// An answer of many long headers, or one header of many values, costs at
// most HeadersLimit bytes in its record: what is past a header's
// HeaderLimit, or past the answer's, is dropped, and the record says how
// long each header it cut was. Headers within the limits are kept whole.
func TestKeepHeadersBoundsWhatARecordHolds(t *testing.T) {
	hdr := http.Header{"Content-Type": {"application/json"}, "Mcp-Session-Id": {"abc"}}
	for i := range 200 {
		hdr.Add("Set-Cookie", strings.Repeat("c", 1000))
		// Shorter than Set-Cookie, kept whole before it; longer, cut
		// after it, to what is left of the answer's limit.
		size := 4000
		if i >= 10 {
			size = 300_000
		}
		hdr.Set("X-Pad-"+string(rune('a'+i%26))+string(rune('a'+i/26)), strings.Repeat("x", size))
	}
	var h HTTPExchange
	h.KeepHeaders(hdr)
	if kept := keptBytes(&h); kept > HeadersLimit {
		t.Errorf("the record holds %d bytes of headers, want at most %d", kept, HeadersLimit)
	}
	if got := RecordedHeader(h.Headers, "Content-Type"); got != "application/json" || h.HeaderCutWords("Content-Type") != "" {
		t.Errorf("Content-Type kept as %q, cut %q; want it whole", got, h.HeaderCutWords("Content-Type"))
	}
	if got, want := h.HeaderCutWords("set-cookie"), "header cut: 200000 bytes, first 8192 kept"; got != want {
		t.Errorf("Set-Cookie: %q, want %q", got, want)
	}
	if got := len(h.Headers["Set-Cookie"]); got != 9 {
		t.Errorf("Set-Cookie kept %d values, want the 9 that start its first %d bytes", got, HeaderLimit)
	}
	// A cut never splits a character.
	h.KeepHeaders(http.Header{"X-Long": {strings.Repeat("é", HeaderLimit)}})
	if v := h.Headers["X-Long"][0]; !strings.HasSuffix(v, "é") || len(v) != HeaderLimit {
		t.Errorf("X-Long kept as %d bytes ending %q", len(v), v[len(v)-2:])
	}
}

// Long headers whose names sort first do not crowd out the short ones
// after them: an answer with 72 KiB of A-Pad headers still has its
// Content-Type and Mcp-Session-Id in the record, whole, which the answer
// checks and the detail read.
func TestKeepHeadersKeepsShortHeadersPastLongOnes(t *testing.T) {
	hdr := http.Header{"Content-Type": {"application/json"}, "Mcp-Session-Id": {"abc"}}
	for i := range 9 {
		hdr.Set("A-Pad-"+string(rune('a'+i)), strings.Repeat("x", HeaderLimit))
	}
	var h HTTPExchange
	h.KeepHeaders(hdr)
	for name, want := range map[string]string{"Content-Type": "application/json", "Mcp-Session-Id": "abc"} {
		if got := RecordedHeader(h.Headers, name); got != want || h.HeaderCutWords(name) != "" {
			t.Errorf("%s kept as %q, cut %q; want %q whole", name, got, h.HeaderCutWords(name), want)
		}
	}
	if kept := keptBytes(&h); kept > HeadersLimit {
		t.Errorf("the record holds %d bytes of headers, want at most %d", kept, HeadersLimit)
	}
}

// keptBytes are the bytes of header values h's record holds.
func keptBytes(h *HTTPExchange) int {
	kept := 0
	for _, vs := range h.Headers {
		for _, v := range vs {
			kept += len(v)
		}
	}
	return kept
}

// A header whose name alone is past HeaderLimit is left out whole and
// counted, and a flood of empty values costs the record what their lines
// cost the wire: neither is free past HeadersLimit.
func TestKeepHeadersCountsNamesAndLines(t *testing.T) {
	long := "X-" + strings.Repeat("n", 1<<20)
	hdr := http.Header{"Content-Type": {"application/json"}, long: {"v"}, "X-Empty": make([]string, 100_000)}
	var h HTTPExchange
	h.KeepHeaders(hdr)
	if _, kept := h.Headers[long]; kept || h.HeadersLeftOut != 1 {
		t.Errorf("the 1 MB name kept %v, %d left out; want it left out and counted", kept, h.HeadersLeftOut)
	}
	if got := len(h.Headers["X-Empty"]); got > HeadersLimit/headerLineCost {
		t.Errorf("X-Empty kept %d empty values, want at most %d", got, HeadersLimit/headerLineCost)
	}
	// Its bytes are all kept, none: the words count the values it kept.
	want := fmt.Sprintf("header cut: first %d values kept, the rest empty", len(h.Headers["X-Empty"]))
	if got := h.HeaderCutWords("x-empty"); got != want {
		t.Errorf("X-Empty's cut reads %q, want %q", got, want)
	}
	if got := RecordedHeader(h.Headers, "Content-Type"); got != "application/json" {
		t.Errorf("Content-Type kept as %q, want it whole", got)
	}
}

// A flood of headers each shorter than Content-Type (thousands of empty
// X-n) does not push the headers the answer checks and the detail read
// out of the record: they are kept first, whole.
func TestKeepHeadersKeepsWhatTheChecksReadPastAFlood(t *testing.T) {
	hdr := http.Header{"Content-Type": {"application/json"}, "Mcp-Session-Id": {"abc"},
		"Mcp-Protocol-Version": {"2025-06-18"}, "Www-Authenticate": {`Bearer realm="x"`}}
	for i := range 20_000 {
		hdr.Set(fmt.Sprintf("X-%d", i), "")
	}
	var h HTTPExchange
	h.KeepHeaders(hdr)
	for name, want := range map[string]string{"Content-Type": "application/json", "Mcp-Session-Id": "abc",
		"MCP-Protocol-Version": "2025-06-18", "WWW-Authenticate": `Bearer realm="x"`} {
		if got := RecordedHeader(h.Headers, name); got != want || h.HeaderCutWords(name) != "" {
			t.Errorf("%s kept as %q, cut %q; want %q whole", name, got, h.HeaderCutWords(name), want)
		}
	}
	if h.HeadersLeftOut == 0 {
		t.Error("no header of the flood was left out")
	}
}
