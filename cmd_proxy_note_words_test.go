package main

import (
	"context"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The headless proxy's line for a notification the server sent says what
// it says, as exec's notes and the TUI's Pairs do: a log message's level,
// logger and text. Each read "← notifications/message" and no more, so a
// capture of server-everything's logging was a column of the one method.
func TestProxyHeadlessSaysWhatANotificationSays(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "note-test", Version: "1"}, &sdk.ClientOptions{
		LoggingMessageHandler: func(context.Context, *sdk.LoggingMessageRequest) {},
	}).Connect(ctx, &sdk.StreamableClientTransport{Endpoint: h.run.base + "/mcp", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := cs.SetLoggingLevel(ctx, &sdk.SetLoggingLevelParams{Level: "emergency"}); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "log", Arguments: map[string]any{"message": "disk full"}}); err != nil {
		t.Fatal(err)
	}
	cs.Close()
	h.stop()
	out := h.errw.String()
	if want := "← log emergency mcpscope-demo: disk full (emergency)"; !strings.Contains(out, want) {
		t.Errorf("stderr lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, "← notifications/message") {
		t.Errorf("a log message's line names only its method:\n%s", out)
	}
}
