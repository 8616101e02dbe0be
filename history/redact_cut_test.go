package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// cutBearer is the --bearer of the cut-echo tests: long enough that half
// of it is a secret's worth.
const cutBearer = "cut-bearer-0123456789abcdefghij"

// errorLineQuoted is how much of an error page's first line an error
// message quotes.
const errorLineQuoted = 200

// A server echoing the user's --bearer in a header longer than a record
// keeps and in a body longer than its excerpt, each cut in the token's
// middle, left the token's first half in the recording: what was cut no
// longer matched the token; so did the error quoting the body's first line,
// cut in the token's middle too. No piece of it reaches the file now, and the
// live screen's view of the records holds none either.
func TestRecordingRedactsTokenCutInTwo(t *testing.T) {
	url := mcptest.PostOnly(t, mcptest.EchoCredentialAcross(mcp.HeaderLimit, errorLineQuoted, mcp.BodyLimit))
	b, shown, err := connectRecorded(t, url, cutBearer)
	if err == nil {
		t.Fatal("connecting to a server answering 500 succeeded")
	}
	if !strings.Contains(string(b), "hhhh") || !strings.Contains(string(b), "bbbb") || !strings.Contains(string(b), "llll") || !strings.Contains(string(b), "… (") {
		t.Fatalf("the recording misses an echo or the error quoting one:\n%.2000s", b)
	}
	if p := mcptest.PieceOf(b, cutBearer, minToken); p != "" {
		t.Errorf("the recording holds %q of the token cut in two", p)
	}
	var cut bool
	for _, r := range shown {
		if r.HTTP != nil && len(r.HTTP.HeadersCut) > 0 && r.HTTP.BodySize > int64(len(r.HTTP.Body)) {
			cut = true
			if p := mcptest.PieceOf([]byte(r.HTTP.Headers["X-Echo"][0]+string(r.HTTP.Body)), cutBearer, minToken); p != "" {
				t.Errorf("the live view holds %q of the token cut in two", p)
			}
		}
	}
	if !cut {
		t.Error("no record shown had its header and body cut")
	}
}

// A proxied client's header holding the user's token past what a record
// keeps of it (mcp.KeepRequestHeaders cut it in the token's middle) leaves
// no piece of the token in the record: the request's headers are cut as
// an answer's are now, and redacted at their cut as an answer's.
func TestRequestHeaderCutInATokenIsRedacted(t *testing.T) {
	r := newRedactor(RecordOptions{Tokens: []string{cutBearer}}, "http://127.0.0.1/mcp")
	var h mcp.HTTPExchange
	h.KeepRequestHeaders(map[string][]string{"X-Echo": {strings.Repeat("h", mcp.HeaderLimit-10) + cutBearer}})
	if h.RequestHeadersCut["X-Echo"] == 0 {
		t.Fatal("the request's long header was not cut")
	}
	rec, _ := r.record(mcp.Record{Kind: mcp.KindHTTP, HTTP: &h})
	if p := mcptest.PieceOf([]byte(rec.HTTP.RequestHeaders["X-Echo"][0]), cutBearer, minToken); p != "" {
		t.Errorf("the record holds %q of the token cut in two", p)
	}
}
