package history

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer's body cut right after another JWT's header (every HS256
// JWT's "eyJhbGciOi…") lost that header to [redacted]: it begins the
// user's JWT too, but is no part of its secret. It is kept now, and the
// user's JWT cut past its header is still redacted at the cut.
func TestRecordingKeepsAnotherJWTsHeaderAtACut(t *testing.T) {
	tok := jwtOf(`{"sub":"ann@example.com","scope":"admin"}`, "ann's signature: 32 bytes long!!")
	head := tok[:strings.IndexByte(tok, '.')]
	own := tok[:len(head)+20] // the header and 19 bytes of the user's payload
	now := time.Date(2026, 11, 28, 4, 0, 0, 0, time.UTC)
	body := func(end string) mcp.Raw {
		return mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"minted":"` + end)
	}
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Method: "POST", URL: "http://127.0.0.1:10614/mcp", Status: 200,
			Body: body(head[:12]), BodySize: 4096}},
		{Seq: 2, Time: now, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Method: "POST", URL: "http://127.0.0.1:10614/mcp", Status: 200,
			Body: body(head), BodySize: 4096}},
		{Seq: 3, Time: now, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Method: "POST", URL: "http://127.0.0.1:10614/mcp", Status: 200,
			Body: body(own), BodySize: 4096}},
	}
	b, got := recordedAs(t, Header{URL: "http://127.0.0.1:10614/mcp", Started: now}, recs, RecordOptions{Tokens: []string{tok}})
	for i, end := range []string{head[:12], head} {
		if string(got[i].HTTP.Body) != string(body(end)) {
			t.Errorf("the body cut after another JWT's %q was recorded as %q", end, got[i].HTTP.Body)
		}
	}
	if string(got[2].HTTP.Body) != string(body(Redacted)) {
		t.Errorf("the body cut in the user's JWT was recorded as %q", got[2].HTTP.Body)
	}
	if p := mcptest.PieceOf(b, own[len(head):], 12); p != "" {
		t.Errorf("the recording holds %q of the user's JWT", p)
	}
}
