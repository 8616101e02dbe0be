package history

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A re-run's report quotes the live server's error, which quoted the
// server's answer cut mid-token where JSON broke ("…" + the token's end,
// its start + "…"): the report replaced whole tokens only, so both pieces
// of the --bearer a server echoed reached the report, which is printed and
// pasted into bug reports. No piece of four bytes or more does now.
func TestRerunReportRedactsTokenPiecesAtACut(t *testing.T) {
	var hostile atomic.Bool
	url := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		switch {
		case id == "":
			w.WriteHeader(http.StatusAccepted)
			return
		case strings.Contains(msg, `"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"jsonrpc":"2.0","id":` + id + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"echo","version":"1"}}}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if !hostile.Load() {
			w.Write([]byte(`{"jsonrpc":"2.0","id":` + id + `,"result":{}}`))
			return
		}
		cred := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		w.Write([]byte(`{"jsonrpc":"2.0","id":` + id + `,"result":"` + cred + `" ` + cred + `}`))
	})
	ctx := testCtx(t)
	cfg := mcp.Config{URL: url, Transport: mcp.TransportStreamable, Bearer: markBearer}
	recs := recordSession(t, ctx, cfg, func(s *mcp.Session) {
		initialize(t, ctx, s)
		if _, err := s.Request(ctx, "ping", nil); err != nil {
			t.Fatal(err)
		}
	})
	hostile.Store(true)
	live := liveSession(t, ctx, cfg)
	defer live.Close()
	var results []RerunResult
	if _, err := openRecorded(t, recs).Rerun(ctx, live, nil, RecordOptions{Tokens: []string{markBearer}}, url, func(r RerunResult) { results = append(results, r) }); err != nil {
		t.Fatal(err)
	}
	report := renderRerun(results, 200)
	if !strings.Contains(report, "▶") {
		t.Fatalf("the report does not quote where the live answer's JSON broke:\n%s", report)
	}
	if p := mcptest.PieceOf([]byte(report), markBearer, minCutPiece); p != "" {
		t.Errorf("the report holds %q of the token:\n%s", p, report)
	}
}
