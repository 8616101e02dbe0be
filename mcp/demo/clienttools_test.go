package demo

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// refused checks that a tool needing a capability the client lacks is
// refused the way its era refuses: -32021 on 2026-07-28, a tool error
// before.
func refused(t *testing.T, e era, cs *mcp.ClientSession, tool string, args map[string]any, capability string) {
	t.Helper()
	res, err := callErr(cs, tool, args)
	if !e.sessions {
		var werr *jsonrpc.Error
		if !errors.As(err, &werr) || werr.Code != mcp.CodeMissingRequiredClientCapabilities || !strings.Contains(string(werr.Data), capability) {
			t.Errorf("%s without %s = %v, want -32021 naming it in data", tool, capability, err)
		}
		return
	}
	if err != nil || !res.IsError || !strings.Contains(text(t, res), "declares the "+capability) {
		t.Errorf("%s without %s = %v %v, want a tool error naming the capability", tool, capability, res, err)
	}
}

func TestErasSample(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		asked := make(chan *mcp.CreateMessageParams, 1)
		cs := e.connect(t, ts.URL, &mcp.ClientOptions{
			CreateMessageHandler: func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
				asked <- req.Params
				return &mcp.CreateMessageResult{Model: "test-model", Role: "assistant", StopReason: "endTurn",
					Content: &mcp.TextContent{Text: "SSE, streamable HTTP, stdio"}}, nil
			},
		})
		res := call(t, cs, "sample", map[string]any{"prompt": "Name three MCP transports", "max_tokens": 50})
		if got, want := text(t, res), "model test-model answered (stop reason endTurn):\nSSE, streamable HTTP, stdio"; got != want || res.IsError {
			t.Errorf("sample = %q isError=%v, want %q", got, res.IsError, want)
		}
		p := receive(t, asked, "sampling request")
		if len(p.Messages) != 1 || p.Messages[0].Content.(*mcp.TextContent).Text != "Name three MCP transports" || p.MaxTokens != 50 || p.SystemPrompt == "" {
			t.Errorf("sampling request = %+v, want the prompt, maxTokens 50 and a system prompt", p)
		}

		refused(t, e, e.connect(t, ts.URL, nil), "sample", map[string]any{"prompt": "hi"}, "sampling")
	})
}

func TestErasConfirm(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		var reply *mcp.ElicitResult
		asked := make(chan *mcp.ElicitParams, 8)
		cs := e.connect(t, ts.URL, &mcp.ClientOptions{
			ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				asked <- req.Params
				return reply, nil
			},
		})
		tests := []struct {
			reply *mcp.ElicitResult
			want  string
		}{
			{&mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ann", "confirm": true, "environment": "production"}},
				"confirmed by Ann: wipe the cache in production, 1 copy"},
			{&mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Bo", "confirm": true, "copies": 3}},
				"confirmed by Bo: wipe the cache in staging, 3 copies"},
			{&mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Cy", "confirm": false}},
				"Cy did not confirm: wipe the cache was not done"},
			{&mcp.ElicitResult{Action: "decline"}, "declined: wipe the cache was not done"},
			{&mcp.ElicitResult{Action: "cancel"}, "cancelled: wipe the cache was not done"},
		}
		for _, tt := range tests {
			reply = tt.reply
			res := call(t, cs, "confirm", map[string]any{"action": "wipe the cache"})
			if got := text(t, res); got != tt.want || res.IsError {
				t.Errorf("confirm answered %+v = %q isError=%v, want %q", tt.reply, got, res.IsError, tt.want)
			}
			p := receive(t, asked, "elicitation request")
			schema := schemaOf(t, p.RequestedSchema)
			if p.Mode != "form" || p.Message != "Confirm: wipe the cache?" || len(schema["properties"].(map[string]any)) != 4 {
				t.Errorf("elicitation request = %s %q %v, want a form asking to confirm, with four fields", p.Mode, p.Message, schema)
			}
		}

		// A form that breaks its schema is refused, by the SDK before 2026
		// and by the demo on 2026.
		reply = &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Di", "confirm": true, "copies": 9}}
		if res, err := callErr(cs, "confirm", nil); err == nil && !res.IsError {
			t.Errorf("confirm with copies 9 = %q, want an error (maximum 5)", text(t, res))
		}

		refused(t, e, e.connect(t, ts.URL, nil), "confirm", nil, "elicitation")
	})
}

func TestErasLinkAccount(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		asked := make(chan *mcp.ElicitParams, 1)
		completed := make(chan string, 1)
		cs := e.connect(t, ts.URL, &mcp.ClientOptions{
			Capabilities: &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{URL: &mcp.URLElicitationCapabilities{}}},
			ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				asked <- req.Params
				return &mcp.ElicitResult{Action: "accept"}, nil
			},
			ElicitationCompleteHandler: func(_ context.Context, req *mcp.ElicitationCompleteNotificationRequest) {
				completed <- req.Params.ElicitationID
			},
		})
		res := call(t, cs, "link_account", map[string]any{"service": "acme"})
		p := receive(t, asked, "URL-mode elicitation")
		if p.Mode != "url" || p.ElicitationID == "" || !strings.HasPrefix(p.URL, ts.URL+LinkPath+"?id=") {
			t.Fatalf("elicitation = %s %q id %q, want URL mode with a page of the gateway", p.Mode, p.URL, p.ElicitationID)
		}
		if got := text(t, res); res.IsError || !strings.HasPrefix(got, "accepted: opening the page (elicitation "+p.ElicitationID+") links acme") {
			t.Errorf("link_account = %q isError=%v, want it accepted", got, res.IsError)
		}

		page := func() (int, string) {
			resp, err := http.Get(p.URL)
			if err != nil {
				t.Fatalf("GET %s: %v", p.URL, err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			return resp.StatusCode, string(b)
		}
		status, body := page()
		if status != http.StatusOK || !strings.Contains(body, "Linked your acme account") {
			t.Errorf("the link page = %d %q, want 200 saying the account is linked", status, body)
		}
		if e.sessions {
			if id := receive(t, completed, "notifications/elicitation/complete"); id != p.ElicitationID {
				t.Errorf("elicitation/complete for %q, want %q", id, p.ElicitationID)
			}
		}
		if status, body := page(); status != http.StatusNotFound || !strings.Contains(body, "Call link_account again") {
			t.Errorf("the link page a second time = %d %q, want 404 saying what to do", status, body)
		}

		// A client that can fill forms but not open URLs cannot link.
		refused(t, e, e.connect(t, ts.URL, &mcp.ClientOptions{
			ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) { return nil, errors.New("unused") },
		}), "link_account", nil, "elicitation")
	})
}

func TestErasListRoots(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		client := mcp.NewClient(&mcp.Implementation{Name: "demo-test", Version: "v0"}, nil)
		client.AddRoots(&mcp.Root{URI: "file:///home/ann/project", Name: "project"}, &mcp.Root{URI: "file:///tmp"})
		cs := connectClient(t, client, ts.URL, e)
		if got, want := text(t, call(t, cs, "list_roots", nil)), "the client has 2 roots:\nfile:///home/ann/project (project)\nfile:///tmp"; got != want {
			t.Errorf("list_roots = %q, want %q", got, want)
		}

		noRoots := mcp.NewClient(&mcp.Implementation{Name: "demo-test", Version: "v0"}, &mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{}})
		refused(t, e, connectClient(t, noRoots, ts.URL, e), "list_roots", nil, "roots")
	})
}
