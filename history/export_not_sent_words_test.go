package history

import (
	"bytes"
	"cmp"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A message that found no server to connect to was said two ways in the
// Markdown export: "not sent: could not connect" in its heading and "POST
// not sent: no connection" in the facts below. Both say it in
// Pair.NotSentWords' words, the ones the JSON export and the TUI use.
func TestExportSaysNotSentInOneWording(t *testing.T) {
	ctx := testCtx(t)
	srv := mcptest.GoneAfterInitialize(t)
	cfg := mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, NoListen: true, RequestTimeout: 5 * time.Second}
	// Connect makes the handshake, whose notifications/initialized finds
	// the server gone.
	s := mcp.NewSession(cfg)
	var recs []mcp.Record
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range s.Records() {
			recs = append(recs, b...)
		}
	}()
	if err := s.Connect(ctx); err == nil {
		t.Fatal("the handshake with a server gone after initialize succeeded")
	}
	s.Close()
	waitClosed(t, done, "the end of the session's records after Close")
	log, h, _, err := LoadLog(record(t, recs, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	words := ""
	for i := range log.PairCount() {
		words = cmp.Or(words, log.Pair(i).NotSentWords())
	}
	if words == "" {
		t.Fatal("no row of the recording was not sent")
	}
	var md bytes.Buffer
	if err := ExportMarkdown(&md, h, log); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	if !strings.Contains(out, "("+words+")") || !strings.Contains(out, "POST "+words+" after ") || strings.Contains(out, "no connection") {
		t.Errorf("the Markdown export does not say %q alike in the heading and the facts:\n%s", words, out)
	}
}
