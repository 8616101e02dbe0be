package demo

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestErasPrompts(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		cs := e.connect(t, ts.URL, nil)
		list, err := cs.ListPrompts(ctxT(t), nil)
		if err != nil {
			t.Fatalf("prompts/list: %v", err)
		}
		args := map[string][]string{}
		for _, p := range list.Prompts {
			for _, a := range p.Arguments {
				arg := a.Name
				if a.Required {
					arg += "*"
				}
				args[p.Name] = append(args[p.Name], arg)
			}
		}
		if got := args["review_code"]; !slices.Equal(got, []string{"language*", "focus", "code"}) {
			t.Errorf("review_code arguments = %v, want language*, focus, code", got)
		}
		if got := args["summarize_notes"]; !slices.Equal(got, []string{"tag*", "style"}) {
			t.Errorf("summarize_notes arguments = %v, want tag*, style", got)
		}

		get := func(name string, args map[string]string) (*mcp.GetPromptResult, error) {
			return cs.GetPrompt(ctxT(t), &mcp.GetPromptParams{Name: name, Arguments: args})
		}
		review, err := get("review_code", map[string]string{"language": "go", "focus": "security", "code": "x := 1"})
		if err != nil {
			t.Fatalf("prompts/get review_code: %v", err)
		}
		if len(review.Messages) != 2 || review.Messages[0].Role != "user" || review.Messages[1].Role != "assistant" {
			t.Fatalf("review_code messages = %+v, want a user turn then an assistant turn", review.Messages)
		}
		if ask := review.Messages[0].Content.(*mcp.TextContent).Text; !strings.Contains(ask, "go code, looking at security first") || !strings.Contains(ask, "```go\nx := 1\n```") {
			t.Errorf("review_code asks %q, want the language, the focus and the code", ask)
		}

		summary, err := get("summarize_notes", map[string]string{"tag": "progress"})
		if err != nil {
			t.Fatalf("prompts/get summarize_notes: %v", err)
		}
		if len(summary.Messages) != 2 {
			t.Fatalf("summarize_notes has %d messages, want 2", len(summary.Messages))
		}
		if ask := summary.Messages[0].Content.(*mcp.TextContent).Text; ask != "Summarize my notes tagged progress; keep it brief." {
			t.Errorf("summarize_notes asks %q, want the default style brief", ask)
		}
		emb, ok := summary.Messages[1].Content.(*mcp.EmbeddedResource)
		if !ok || emb.Resource.URI != "notes://progress" || !strings.Contains(emb.Resource.Text, "Progress tokens and slow tools") {
			t.Errorf("summarize_notes second message = %#v, want the notes://progress resource embedded", summary.Messages[1].Content)
		}

		_, err = get("review_code", map[string]string{"focus": "tests"})
		var werr *jsonrpc.Error
		if !errors.As(err, &werr) || werr.Code != jsonrpc.CodeInvalidParams || !strings.Contains(werr.Message, "needs the argument language") {
			t.Errorf("review_code without language = %v, want -32602 naming the argument", err)
		}
	})
}

func TestErasCompletion(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		cs := e.connect(t, ts.URL, nil)
		tests := []struct {
			ref     mcp.CompleteReference
			arg     string
			value   string
			context map[string]string
			want    []string
		}{
			{mcp.CompleteReference{Type: "ref/prompt", Name: "review_code"}, "language", "j", nil, []string{"java", "javascript"}},
			{mcp.CompleteReference{Type: "ref/prompt", Name: "review_code"}, "focus", "", nil, reviewFocuses},
			{mcp.CompleteReference{Type: "ref/prompt", Name: "review_code"}, "code", "", nil, []string{}},
			{mcp.CompleteReference{Type: "ref/prompt", Name: "summarize_notes"}, "tag", "P", nil, []string{"progress"}},
			{mcp.CompleteReference{Type: "ref/resource", URI: notesTemplate}, "tag", "s", nil, []string{"sse"}},
			{mcp.CompleteReference{Type: "ref/resource", URI: repoTemplate}, "owner", "m", nil, []string{"mcpscope", "modelcontextprotocol"}},
			{mcp.CompleteReference{Type: "ref/resource", URI: repoTemplate}, "name", "", map[string]string{"owner": "modelcontextprotocol"},
				[]string{"go-sdk", "specification", "typescript-sdk"}},
		}
		for _, tt := range tests {
			params := &mcp.CompleteParams{Ref: &tt.ref, Argument: mcp.CompleteParamsArgument{Name: tt.arg, Value: tt.value}}
			if tt.context != nil {
				params.Context = &mcp.CompleteContext{Arguments: tt.context}
			}
			res, err := cs.Complete(ctxT(t), params)
			if err != nil {
				t.Errorf("complete %s%s %s=%q: %v", tt.ref.Name, tt.ref.URI, tt.arg, tt.value, err)
				continue
			}
			if got := res.Completion.Values; !slices.Equal(got, tt.want) || res.Completion.Total != len(tt.want) {
				t.Errorf("complete %s%s %s=%q = %q (total %d), want %q", tt.ref.Name, tt.ref.URI, tt.arg, tt.value, got, res.Completion.Total, tt.want)
			}
		}
		_, err := cs.Complete(ctxT(t), &mcp.CompleteParams{
			Ref:      &mcp.CompleteReference{Type: "ref/prompt", Name: "no_such_prompt"},
			Argument: mcp.CompleteParamsArgument{Name: "x"},
		})
		if err == nil || !strings.Contains(err.Error(), "review_code and summarize_notes") {
			t.Errorf("completing an unknown prompt = %v, want an error naming what does complete", err)
		}
	})
}
