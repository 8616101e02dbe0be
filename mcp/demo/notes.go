package demo

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// note is one entry of the fixed notebook search_notes searches.
type note struct {
	Date  string   `json:"date" jsonschema:"day the note was written, YYYY-MM-DD"`
	Title string   `json:"title" jsonschema:"the note's title"`
	Tags  []string `json:"tags" jsonschema:"the note's tags"`
}

// notebook is fixed so that every run of the same search answers the same.
var notebook = []note{
	{Date: "2023-11-02", Title: "Gateway ports and the /sse endpoint", Tags: []string{"mcp", "ops"}},
	{Date: "2024-01-15", Title: "Why the endpoint event is not JSON", Tags: []string{"mcp", "sse"}},
	{Date: "2024-03-08", Title: "Progress tokens and slow tools", Tags: []string{"mcp", "progress"}},
	{Date: "2024-06-21", Title: "Groceries: coffee, oat milk, bread", Tags: []string{"home"}},
	{Date: "2024-09-30", Title: "Retro notes: flaky SSE reconnects", Tags: []string{"ops", "sse"}},
	{Date: "2025-02-11", Title: "Dynamic tools with mcp-add", Tags: []string{"mcp", "gateway"}},
	{Date: "2025-05-04", Title: "Birthday gift ideas", Tags: []string{"home", "todo"}},
}

const defaultNotesLimit = 5

type searchArgs struct {
	Query  string        `json:"query"`
	Tags   []string      `json:"tags"`
	Filter *searchFilter `json:"filter"`
}

type searchFilter struct {
	After string `json:"after"`
	Limit int    `json:"limit"`
}

// searchAnswer is search_notes' structured answer: the search as the tool
// understood it, then what it found.
type searchAnswer struct {
	Interpreted interpreted `json:"interpreted" jsonschema:"the arguments as the tool understood them, defaults filled in"`
	Total       int         `json:"total" jsonschema:"number of notes that matched, before the limit"`
	Matches     []note      `json:"matches" jsonschema:"matching notes, oldest first, at most limit of them"`
}

type interpreted struct {
	Query string   `json:"query" jsonschema:"lower-cased text every title must contain; empty matches all"`
	Tags  []string `json:"tags" jsonschema:"tags every match must carry"`
	After string   `json:"after" jsonschema:"only notes written after this day; empty means no bound"`
	Limit int      `json:"limit" jsonschema:"most matches returned"`
}

func (g *gateway) addSearchNotes() {
	mcp.AddTool(g.server, &mcp.Tool{
		Name:        "search_notes",
		Title:       "Search notes",
		Description: "Searches a small fixed notebook by text, tags and date; the answer echoes how the arguments were interpreted.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"query": {"type": "string", "default": "", "description": "Text the note title must contain (case-insensitive); empty matches every note."},
				"tags": {
					"type": "array",
					"items": {"type": "string", "enum": ["mcp", "ops", "sse", "progress", "home", "gateway", "todo"]},
					"uniqueItems": true,
					"description": "Tags every match must carry, e.g. [\"mcp\",\"sse\"]."
				},
				"filter": {
					"type": "object",
					"properties": {
						"after": {"type": "string", "format": "date", "description": "Only notes written after this day, YYYY-MM-DD, e.g. 2024-01-01."},
						"limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 5, "description": "Most matches to return (1 to 50)."}
					},
					"additionalProperties": false,
					"description": "Narrows the search, e.g. {\"after\":\"2024-01-01\",\"limit\":5}."
				}
			},
			"additionalProperties": false
		}`),
	}, searchNotes)
}

func searchNotes(_ context.Context, _ *mcp.CallToolRequest, in searchArgs) (*mcp.CallToolResult, searchAnswer, error) {
	q := interpreted{Query: strings.ToLower(strings.TrimSpace(in.Query)), Tags: in.Tags, Limit: defaultNotesLimit}
	if q.Tags == nil {
		q.Tags = []string{}
	}
	if in.Filter != nil {
		if in.Filter.Limit > 0 {
			q.Limit = in.Filter.Limit
		}
		if in.Filter.After != "" {
			// Parsing, rather than comparing strings, catches 2024-13-01.
			day, err := time.Parse(time.DateOnly, in.Filter.After)
			if err != nil {
				return nil, searchAnswer{}, fmt.Errorf("filter.after %q is not a date; write it as YYYY-MM-DD, e.g. 2024-01-01", in.Filter.After)
			}
			q.After = day.Format(time.DateOnly)
		}
	}

	out := searchAnswer{Interpreted: q, Matches: []note{}}
	for _, n := range notebook {
		if !q.matches(n) {
			continue
		}
		out.Total++
		if len(out.Matches) < q.Limit {
			out.Matches = append(out.Matches, n)
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d matching notes", len(out.Matches), out.Total)
	for _, n := range out.Matches {
		fmt.Fprintf(&b, "\n%s  %s  [%s]", n.Date, n.Title, strings.Join(n.Tags, ", "))
	}
	return textResult(b.String()), out, nil
}

func (q interpreted) matches(n note) bool {
	if !strings.Contains(strings.ToLower(n.Title), q.Query) {
		return false
	}
	// Dates are YYYY-MM-DD, so string order is date order.
	if q.After != "" && n.Date <= q.After {
		return false
	}
	for _, t := range q.Tags {
		if !slices.Contains(n.Tags, t) {
			return false
		}
	}
	return true
}
