package demo

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxCompletions is the most values completion/complete may answer.
const maxCompletions = 100

// completers lists, per prompt or resource template and argument, the values
// an argument can take; known holds the arguments already filled in.
var completers = map[mcp.CompleteReference]map[string]func(known map[string]string) []string{
	{Type: "ref/prompt", Name: "review_code"}: {
		"language": fixed(reviewLanguages),
		"focus":    fixed(reviewFocuses),
	},
	{Type: "ref/prompt", Name: "summarize_notes"}: {
		"tag":   func(map[string]string) []string { return noteTags() },
		"style": fixed(summaryStyles),
	},
	{Type: "ref/resource", URI: notesTemplate}: {
		"tag": func(map[string]string) []string { return noteTags() },
	},
	{Type: "ref/resource", URI: repoTemplate}: {
		"owner": func(map[string]string) []string { return repoOwners() },
		"name":  repoNames,
	},
}

func fixed(values []string) func(map[string]string) []string {
	return func(map[string]string) []string { return values }
}

func repoOwners() []string {
	var owners []string
	for _, r := range repos {
		owners = append(owners, r.Owner)
	}
	slices.Sort(owners)
	return slices.Compact(owners)
}

// repoNames offers the names of the owner already chosen, or every name.
func repoNames(known map[string]string) []string {
	var names []string
	for _, r := range repos {
		if owner := known["owner"]; owner == "" || owner == r.Owner {
			names = append(names, r.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// complete answers completion/complete: the values of the argument that
// start with what was typed, case-insensitively.
func complete(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	p := req.Params
	if p == nil || p.Ref == nil {
		return nil, invalidParams("completion/complete needs a ref: {\"type\":\"ref/prompt\",\"name\":...} or {\"type\":\"ref/resource\",\"uri\":...}")
	}
	args, ok := completers[*p.Ref]
	if !ok {
		return nil, invalidParams(fmt.Sprintf("nothing to complete for %s %s; the demo completes the prompts review_code and summarize_notes and the templates %s and %s",
			p.Ref.Type, p.Ref.Name+p.Ref.URI, notesTemplate, repoTemplate))
	}
	values := []string{}
	if offer, ok := args[p.Argument.Name]; ok {
		var known map[string]string
		if p.Context != nil {
			known = p.Context.Arguments
		}
		typed := strings.ToLower(p.Argument.Value)
		for _, v := range offer(known) {
			if strings.HasPrefix(strings.ToLower(v), typed) {
				values = append(values, v)
			}
		}
	}
	res := &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: values, Total: len(values)}}
	if len(values) > maxCompletions {
		res.Completion.Values = values[:maxCompletions]
		res.Completion.HasMore = true
	}
	return res, nil
}
