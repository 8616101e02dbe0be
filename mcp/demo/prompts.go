package demo

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Prompt arguments' values the demo offers through completion/complete.
var (
	reviewLanguages = []string{"c", "go", "java", "javascript", "python", "rust", "typescript"}
	reviewFocuses   = []string{"correctness", "performance", "readability", "security", "tests"}
	summaryStyles   = []string{"brief", "detailed"}
)

const defaultReviewFocus = "correctness"

func (g *gateway) addPrompts() {
	g.server.AddPrompt(&mcp.Prompt{
		Name:        "review_code",
		Title:       "Review code",
		Description: "Asks for a code review in a language, with a focus; the language and focus complete (completion/complete).",
		Arguments: []*mcp.PromptArgument{
			{Name: "language", Title: "Language", Description: "The code's language, e.g. go.", Required: true},
			{Name: "focus", Title: "Focus", Description: "What to look at first: " + strings.Join(reviewFocuses, ", ") + " (default " + defaultReviewFocus + ")."},
			{Name: "code", Title: "Code", Description: "The code to review; leave it out to be asked for it."},
		},
	}, reviewCode)
	g.server.AddPrompt(&mcp.Prompt{
		Name:        "summarize_notes",
		Title:       "Summarize notes",
		Description: "Asks for a summary of the notes with a tag, embedding them as a resource (notes://{tag}); the tag and style complete.",
		Arguments: []*mcp.PromptArgument{
			{Name: "tag", Title: "Tag", Description: "Summarize the notes with this tag, e.g. mcp.", Required: true},
			{Name: "style", Title: "Style", Description: "brief or detailed (default brief)."},
		},
	}, summarizeNotes)
}

// promptArg returns a prompt argument, its default when it is empty, or an
// error naming it when it is required.
func promptArg(req *mcp.GetPromptRequest, name, def, example string) (string, error) {
	v := strings.TrimSpace(req.Params.Arguments[name])
	if v != "" {
		return v, nil
	}
	if example != "" {
		return "", invalidParams(fmt.Sprintf("prompt %s needs the argument %s, e.g. %s=%s", req.Params.Name, name, name, example))
	}
	return def, nil
}

func reviewCode(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	lang, err := promptArg(req, "language", "", "go")
	if err != nil {
		return nil, err
	}
	focus, _ := promptArg(req, "focus", defaultReviewFocus, "")
	code, _ := promptArg(req, "code", "", "")
	ask := fmt.Sprintf("Please review this %s code, looking at %s first.", lang, focus)
	reply := fmt.Sprintf("Gladly. I will go through it for %s first, then everything else, and point at lines.", focus)
	if code == "" {
		ask = fmt.Sprintf("Please review some %s code for me, looking at %s first.", lang, focus)
		reply = fmt.Sprintf("Gladly. Paste the %s code and I will look at %s first.", lang, focus)
	} else {
		ask += "\n\n```" + lang + "\n" + code + "\n```"
	}
	return &mcp.GetPromptResult{
		Description: fmt.Sprintf("A %s code review focused on %s", lang, focus),
		Messages: []*mcp.PromptMessage{
			{Role: "user", Content: &mcp.TextContent{Text: ask}},
			{Role: "assistant", Content: &mcp.TextContent{Text: reply}},
		},
	}, nil
}

func summarizeNotes(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	tag, err := promptArg(req, "tag", "", "mcp")
	if err != nil {
		return nil, err
	}
	style, _ := promptArg(req, "style", summaryStyles[0], "")
	uri := "notes://" + tag
	notes, err := readNotes(ctx, &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: uri}})
	if err != nil {
		return nil, err
	}
	return &mcp.GetPromptResult{
		Description: fmt.Sprintf("A %s summary of the notes tagged %s", style, tag),
		Messages: []*mcp.PromptMessage{
			{Role: "user", Content: &mcp.TextContent{Text: fmt.Sprintf("Summarize my notes tagged %s; keep it %s.", tag, style)}},
			{Role: "user", Content: &mcp.EmbeddedResource{Resource: notes.Contents[0]}},
		},
	}, nil
}
