package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The TypeScript SDK's stateful server (server-everything's /mcp) refuses
// a 2026-aware client's server/discover probe with 400 and a JSON-RPC error
// naming no id ("Bad Request: Server not initialized"). That refusal was
// logged as a failed POST of the session, where the same refusal in text
// was logged as the probe's: `mcpscope sessions` counted an error in a
// session that had none, export headed it "post", and the headless proxy
// said "! post server/discover". It is the probe's verdict, as for a
// session of mcpscope's own.
func TestProxyProbeRefusedInJSONIsNoError(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	front := mcptest.Front(t, up.URL, func(w http.ResponseWriter, _ *http.Request, body []byte) bool {
		if !bytes.Contains(body, []byte(`"server/discover"`)) {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Server not initialized"},"id":null}`)
		return true
	})

	h := startHeadless(t, front.URL+"/mcp", proxyFlags{})
	proberListsTools(t, h.run.base+"/mcp")
	h.stop()

	out := h.errw.String()
	if !strings.Contains(out, "probe server/discover") || strings.Contains(out, "post server/discover") {
		t.Errorf("stderr does not name the refusal the probe's:\n%s", out)
	}
	// How a 2026-aware client finds an older server, then falls back: a
	// reader of the log looking for what went wrong (!) is not sent to it.
	if !strings.Contains(out, "· probe server/discover id=1: ") || !strings.Contains(out, "a 2026 client falls back to initialize") || strings.Contains(out, "! probe") {
		t.Errorf("stderr marks the refused probe a failure, or does not say the client falls back:\n%s", out)
	}
	recs := readRecording(t, onlyRecording(t, h.dir))
	for _, r := range recs {
		if r.Kind == mcp.KindError && r.Error != nil && r.Error.Op != mcp.OpProbe {
			t.Errorf("the recording holds a failed %s: %s", r.Error.Op, r.Error.Message)
		}
	}
	infos, err := history.List(h.dir)
	if err != nil || len(infos) != 1 {
		t.Fatalf("sessions lists %+v (%v), want the one recording", infos, err)
	}
	if infos[0].Errors != 0 {
		t.Errorf("sessions counts %d errors, want none: the only refusal was of the probe", infos[0].Errors)
	}
}
