package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The proxy's report names the client beside each recording's path, as
// its lines name it: by its clientInfo, and by its address when it sent
// neither clientInfo nor a User-Agent. It listed the paths alone, and of
// several clients' sessions the user could not tell which was whose. A
// name holding an escape sequence is said with it made safe.
func TestProxyReportNamesTheClientBesideEachPath(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	for _, info := range []string{`"clientInfo":{"name":"alpha","version":"1.2"}`, `"clientInfo":{"name":"evil\u001b[2J","version":"6"}`} {
		body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},` + info + `}}`
		if status, _ := clientPost(t, h.run.base+"/mcp", "", body); status != http.StatusOK {
			t.Fatalf("initialize through the proxy: %d %s", status, http.StatusText(status))
		}
	}
	// No clientInfo and no User-Agent: only its address names it.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.run.base+"/mcp",
		strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("User-Agent", "")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	h.stop()
	out := h.errw.String()
	if strings.Contains(out, "\x1b") {
		t.Errorf("the report holds an escape sequence of a client's name:\n%q", out)
	}
	_, report, ok := strings.Cut(out, "3 sessions recorded:\n")
	if !ok {
		t.Fatalf("the report does not list 3 recordings:\n%s", out)
	}
	for i, who := range []string{"#1 alpha 1.2", "#2 evil 6", "#3 127.0.0.1"} {
		if want := fmt.Sprintf("-%d.jsonl (%s)\n", i+1, who); !strings.Contains(report, want) {
			t.Errorf("no recording's line ends %q:\n%s", want, report)
		}
	}
}
