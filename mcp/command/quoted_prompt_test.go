package command

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A prompt really named name=x, got quoted as its name is listed, draws
// no word of "sent whole", as a tool so named does: the list says the
// quotes meant it. It drew the warning on every get; a name=x the list
// does not hold still draws it.
func TestQuotedPromptNamedLikeAKeyIsNotWarnedWhenListed(t *testing.T) {
	srv := sdk.NewServer(&sdk.Implementation{Name: "prompts", Version: "1"}, nil)
	for _, name := range []string{"name=x", "x"} {
		srv.AddPrompt(&sdk.Prompt{Name: name}, func(context.Context, *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
			return &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: "hi"}}}}, nil
		})
	}
	up := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	t.Cleanup(up.Close)
	s, _ := open(t, up.URL)
	if _, _, err := runLine(t, s, "initialize"); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	said := func(ws []ArgWarning) string {
		var b strings.Builder
		for _, w := range ws {
			b.WriteString(w.Message + "\n")
		}
		return b.String()
	}
	_, ws, err := runLine(t, s, "prompts/get 'name=x'")
	if err != nil || strings.Contains(said(ws), "sent whole") {
		t.Errorf("a listed prompt named name=x drew the quoted-key warning, or failed (%v):\n%s", err, said(ws))
	}
	_, ws, _ = runLine(t, s, "prompts/get 'name=y'")
	if !strings.Contains(said(ws), "sent whole") {
		t.Errorf("an unlisted name=y did not draw the quoted-key warning:\n%s", said(ws))
	}
}
