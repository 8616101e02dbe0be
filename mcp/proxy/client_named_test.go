package proxy

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxied session's recording names the client as it named itself (the
// clientInfo of its initialize): replayed or exported, it is the one place
// that says which client it was, as mcp-remote's probe session and its
// real one (same User-Agent) otherwise read alike.
func TestProxiedRecordingNamesItsClient(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	p := newRecordingProxy(t, gw.URL, func(_ *Client) history.RecordOptions { return history.RecordOptions{} })
	srv := startServer(t, p.Proxy)
	cs := sdkConnect(t, "desktop-app", &sdk.StreamableClientTransport{Endpoint: srv + "/mcp", MaxRetries: -1})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatal(err)
	}
	cs.Close()
	paths := p.closeAndWait()

	var named int
	for _, path := range paths {
		player, err := history.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := player.Wait(); err != nil {
			t.Fatal(err)
		}
		log := history.NewLog()
		log.Append(player.JumpEnd()...)
		neg := log.Negotiation()
		if neg.Transport == mcp.TransportStreamable {
			named++
		}
		if got := neg.ClientLabel(); got != "desktop-app 1.2" {
			t.Errorf("the replayed %s session names its client %q, want the clientInfo desktop-app 1.2", neg.Transport, got)
		}
		var md bytes.Buffer
		if err := history.ExportMarkdown(&md, player.Header(), log); err != nil {
			t.Fatal(err)
		}
		var js bytes.Buffer
		if err := history.ExportJSON(&js, player.Header(), log); err != nil {
			t.Fatal(err)
		}
		player.Close()
		var exported struct {
			Client struct{ Name, Version, Via string } `json:"client"`
		}
		if err := json.Unmarshal(js.Bytes(), &exported); err != nil {
			t.Fatal(err)
		}
		if c := exported.Client; c.Name != "desktop-app" || c.Version != "1.2" || c.Via != srv+"/mcp" {
			t.Errorf("the JSON export's client is %+v, want desktop-app 1.2 via %s/mcp", c, srv)
		}
		if want := "| Client | desktop-app 1.2 · User-Agent `"; !strings.Contains(md.String(), want) {
			t.Errorf("the export lacks %q:\n%s", want, md.String())
		}
		if !strings.Contains(md.String(), "through the proxy at `"+srv+"/mcp`") {
			t.Errorf("the export does not say where the client came in:\n%s", md.String())
		}
	}
	if named != 1 {
		t.Fatalf("%d streamable sessions among %d recordings, want 1 (and the SDK's 2026 probe)", named, len(paths))
	}
	// mcpscope sessions lists each recording with the client it holds.
	infos, err := history.List(p.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, info := range infos {
		if info.Client != "desktop-app 1.2" {
			t.Errorf("sessions lists %s with client %q, want desktop-app 1.2", filepath.Base(info.Path), info.Client)
		}
	}
	if table := history.RenderSessions(infos, 0); !strings.Contains(table, "(client desktop-app 1.2)") {
		t.Errorf("the listing does not name the client:\n%s", table)
	}
}

// A 2026 client sends no initialize: it names itself in every request's
// _meta, and that is the name the session's negotiation shows.
func TestStatelessProxiedSessionNamesItsClient(t *testing.T) {
	fake := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	_, base, w := startProxy(t, fake.URL, Config{})
	resp := rawPost(t, base+"/mcp", request2026("1", "tools/list", "", "agent-2026"), headers2026("tools/list")...)
	readAll(t, resp.Body)
	w.until(t, "the stateless session", func() bool { return len(w.clients) == 1 })
	c := w.sessions()[0]
	w.record(t, c.ID, "the tools/list answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassResponse
	})
	log := history.NewLog()
	log.Append(w.records(c.ID)...)
	if got := log.Negotiation().ClientLabel(); got != "agent-2026 0.1" {
		t.Errorf("the stateless session names its client %q, want agent-2026 0.1 from the request's _meta", got)
	}
}
