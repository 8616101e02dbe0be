package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	path := filepath.Join(t.TempDir(), "cut.jsonl")
	rec, err := Create(path, Header{URL: url, Transport: mcp.TransportStreamable, Started: time.Now()}, RecordOptions{Tokens: []string{cutBearer}})
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewSession(mcp.Config{URL: url, Transport: mcp.TransportStreamable, Bearer: cutBearer})
	var shown []mcp.Record
	done := make(chan struct{})
	go func() {
		defer close(done)
		for batch := range Redacting(Tee(s.Records(), rec, func(err error) { t.Errorf("recording: %v", err) }), RecordOptions{Tokens: []string{cutBearer}}, url) {
			shown = append(shown, batch...)
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err == nil {
		t.Fatal("connecting to a server answering 500 succeeded")
	}
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
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
