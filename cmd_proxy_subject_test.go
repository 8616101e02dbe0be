package main

import (
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The headless proxy's lines for prompts/get and resources/read and
// subscribe name the prompt or URI, both the request's and its answer's,
// as a tools/call's name its tool.
func TestProxyHeadlessNamesThePromptAndURI(t *testing.T) {
	h, cs, ctx := sdkThroughDemoProxy(t, "subject-test", nil)
	if _, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "demo://readme"}); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "review_code", Arguments: map[string]string{"language": "go"}}); err != nil {
		t.Fatal(err)
	}
	if err := cs.Subscribe(ctx, &sdk.SubscribeParams{URI: "demo://clock"}); err != nil {
		t.Fatal(err)
	}
	cs.Close()
	h.stop()
	out := h.errw.String()
	for _, want := range []string{
		"→ resources/read demo://readme id=", "← resources/read demo://readme id=",
		"→ prompts/get review_code id=", "← prompts/get review_code id=",
		"→ resources/subscribe demo://clock id=", "← resources/subscribe demo://clock id=",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%s", want, out)
		}
	}
}
