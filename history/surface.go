package history

import (
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Surface is what the server listed besides its tools: the prompts,
// resources and resource templates of the newest answers to prompts/list,
// resources/list and resources/templates/list (all the pages of a listing
// followed by nextCursor), and the URIs the session is subscribed to
// (subscribed.go). The command line completes names and URIs from it. The
// slices are shared: callers must not change them.
type Surface struct {
	Prompts    []command.Prompt
	Resources  []command.Resource
	Templates  []command.ResourceTemplate
	Subscribed []string
	// Unheard says no listen stream carries Subscribed (a 2026 session
	// opened with --no-listen): no update of them comes, and
	// unsubscribing opens or closes no stream.
	Unheard bool
}

// surfaceIndex follows the list answers Surface is made of.
type surfaceIndex struct {
	prompts   listing[command.Prompt]
	resources listing[command.Resource]
	templates listing[command.ResourceTemplate]
	// subscribed are the URIs subscribed to, in the order subscribed;
	// Surface hands them out clipped, so appending never shows through,
	// and a removal makes a new slice. isSubscribed holds the same URIs,
	// so a recording of thousands of subscribes is read in linear time.
	subscribed   []string
	isSubscribed map[string]bool
	unheard      bool // no listen stream carries them (Surface.Unheard)
}

// page reads one answer to a list method; an answer that cannot be read
// leaves what was known. emptyNamed says an empty cursor names a page
// (listing.answer).
func (s *surfaceIndex) page(method string, req, resp *mcp.Record, emptyNamed bool) {
	result, ok := AnswerResult(resp.RPC.Raw)
	if !ok {
		return
	}
	switch method {
	case "prompts/list":
		if page, err := command.ParsePrompts(result); err == nil {
			s.prompts.answer(req, result, page.Items, page.Next, emptyNamed)
		}
	case "resources/list":
		if page, err := command.ParseResources(result); err == nil {
			s.resources.answer(req, result, page.Items, page.Next, emptyNamed)
		}
	case "resources/templates/list":
		if page, err := command.ParseTemplates(result); err == nil {
			s.templates.answer(req, result, page.Items, page.Next, emptyNamed)
		}
	}
}

// Surface returns the prompts, resources and templates the server listed
// last.
func (l *Log) Surface() Surface {
	return Surface{Prompts: l.surface.prompts.done, Resources: l.surface.resources.done, Templates: l.surface.templates.done,
		Subscribed: slices.Clip(l.surface.subscribed), Unheard: l.surface.unheard}
}
