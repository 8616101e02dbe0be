package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Completion offers what the server listed. When nothing of what a word
// needs was listed yet, mcpscope lists it itself, as the user would have
// to: c lists the tools, and so does a Tab on a tool's name or arguments;
// a Tab on read's URI lists the resources and templates, one on a prompt's
// name the prompts. The listings are ordinary requests (rows in Pairs);
// once they are in, the Tab runs again on the line as it was, and offers
// what they brought (a second Tab was needed).

// listForCompletionMsg asks the root to send the listings that completion
// of the word under the cursor needs.
type listForCompletionMsg struct {
	what     string // for the status line: "the tools", "the resources and templates"
	listings []command.Command
	// line is the command line the Tab was pressed on, Tab again once
	// the listings are in; "" when no Tab asked (c).
	line string
}

// Every page of each list, as if typed with --all.
var (
	toolsListing     = command.Command{Method: "tools/list", All: true, Line: "tools/list --all"}
	promptsListing   = command.Command{Method: "prompts/list", All: true, Line: "prompts/list --all"}
	resourcesListing = command.Command{Method: "resources/list", All: true, Line: "resources/list --all"}
	templatesListing = command.Command{Method: "resources/templates/list", All: true, Line: "resources/templates/list --all"}
)

// listingFor is what a Tab with nothing to offer on the word of ctx
// lists; ok is false when listing would not help.
func (ctx lineContext) listingFor(c *CommandLine) (listForCompletionMsg, bool) {
	sf := c.surface
	promptName := ctx.atPromptName()
	// A prompt's argument names come from prompts/list too, when the
	// name was typed by hand.
	promptArg := ctx.atPromptArgs() && !strings.Contains(ctx.cur.Text, "=")
	switch {
	case ctx.method == "tools/call" && ctx.index >= 1 && len(c.tools) == 0:
		// A tool's name, or its arguments when the name was typed by
		// hand, as c lists them on opening the command line.
		return listForCompletionMsg{what: "the tools", listings: []command.Command{toolsListing}}, true
	case (promptName || promptArg) && len(sf.Prompts) == 0:
		return listForCompletionMsg{what: "the prompts", listings: []command.Command{promptsListing}}, true
	case command.IsResourceTarget(ctx.method) && ctx.method != "resources/unsubscribe" && ctx.index == 1 && len(sf.Resources)+len(sf.Templates) == 0:
		// unsubscribe offers what was subscribed to, which no listing says.
		return listForCompletionMsg{what: "the resources and templates", listings: []command.Command{resourcesListing, templatesListing}}, true
	case ctx.method == "completion/complete" && ctx.index == 2 && ctx.words[1].Text == "resource" && len(sf.Templates) == 0:
		return listForCompletionMsg{what: "the templates", listings: []command.Command{templatesListing}}, true
	}
	return listForCompletionMsg{}, false
}

// listForCompletion sends msg's listings once the session can answer
// them. A listing still on its way from an earlier Tab (or c) is not sent
// again: a key held down would otherwise list once per repeat.
func (m *Model) listForCompletion(msg listForCompletionMsg) tea.Cmd {
	if m.findingTransport() || m.initializing > 0 {
		// "not initialized yet: i initializes it" was wrong here: an
		// initialize is on its way, or detection sends its own, and i
		// only waited for the transport to be found.
		m.heldListing = &msg
		return m.setStatus(levelInfo, msg.what+" are listed for completion once the session is initialized…")
	}
	if why, how := m.notListable(); why != "" {
		text := msg.what + " are not listed for completion: " + notReady(why, how)
		if strings.Contains(ansi.Strip(m.cmdline.hintLine()), why) {
			// The hint under the command line says why and what to do:
			// the status says why first and leaves the keys to it, where
			// at 80 columns it was cut before its own ("… yet: i …").
			text = why + ": " + msg.what + " are not listed for completion"
		}
		return m.setStatus(levelWarn, text)
	}
	var cmds []tea.Cmd
	for _, l := range msg.listings {
		if m.listingPending(l.Method) {
			continue
		}
		cmds = append(cmds, m.sendAwaited(l, "to list "+msg.what+" for Tab completion"))
	}
	if msg.line != "" {
		m.tabAfter = msg.line
	}
	status := "listing " + msg.what + " for completion…"
	if len(cmds) == 0 {
		// Nothing new went out (l or an earlier Tab asked already):
		// "listing" read as if c had sent a request of its own.
		status = "waiting for the listing of " + msg.what + " already asked for…"
	}
	return tea.Batch(append(cmds, m.setStatus(levelInfo, status))...)
}

// listHeld sends the listing a Tab held while the session was being
// found or initialized (listForCompletion) once it no longer is: dropped
// when no transport was found or the session ended (the status says
// why), kept while the records lag a session already initialized.
func (m *Model) listHeld() tea.Cmd {
	msg := m.heldListing
	if msg == nil || m.findingTransport() || m.initializing > 0 {
		return nil
	}
	switch m.com.log.Stats().State {
	case mcp.StateFailed, mcp.StateClosed:
		m.heldListing = nil
		return nil
	case mcp.StateInitialized:
	default:
		if awaits, known := command.InitializeAwaited(m.backend()); known && !awaits {
			return nil // the initialize's records are not in yet
		}
	}
	m.heldListing = nil
	return m.listForCompletion(*msg)
}

// notListable is why completion cannot send a listing now and how to go
// on (notReady's parts), with nothing sent, in the terms of the hint
// under the command line (wordHint): a session with no transport open is connected again (r), one that awaits
// initialize (a legacy stream before i) is initialized first, where the
// server would refuse the listing in words that do not say so. Both ""
// when it can: the session is initialized (a 2026 one, which has no initialize,
// is once server/discover answered: a refused one ends it, failed).
func (m *Model) notListable() (why, how string) {
	switch m.com.log.Stats().State {
	case mcp.StateInitialized:
		return "", ""
	case mcp.StateFailed, mcp.StateClosed:
		return notConnected, connectsFromLine(m.keys)
	}
	return notInitialized, m.keys.Initialize.Help().Key + " (outside the command line) initializes it"
}

// userSend sends c, which the user sent. A listing of the tools (l, or
// typed bare) is one completion waits for: c pressed before its answer
// sends no second tools/list, and a call typed meanwhile goes once it is
// answered. A page asked for by cursor lists only part: it is not
// awaited, and its answer leaves completion's own listing on its way.
func (m *Model) userSend(c command.Command) tea.Cmd {
	if !m.paneShown(panePairs) && !m.paneShown(paneDetail) {
		// Its row is what the user looks at next: sent from Negotiation
		// or Raw events at 80 columns, one pane on screen, it went unseen.
		m.setFocus(panePairs)
	}
	if c.Method != toolsListing.Method || !c.Bare() || c.EmptyCursor {
		return m.sendCmd(c)
	}
	return m.sendAwaited(c, "")
}

// awaitListing notes that a listing of method is on its way, for
// completion to wait for rather than send again.
func (m *Model) awaitListing(method string) {
	if m.completionLists == nil {
		m.completionLists = map[string]*mcp.Response{}
	}
	m.completionLists[method] = nil
	if method == toolsListing.Method {
		m.cmdline.SetListingTools(true)
	}
}

// completionListed notes a listing for completion that came back (or
// failed). It stays on its way until its answer is indexed: the records
// and the send's result reach the model apart, and a Tab in between found
// neither the listing pending nor what it listed, and listed again. One
// sent on a session no longer shown is not the shown one's (showLog forgot
// it): its record number may be one this log holds too.
func (m *Model) completionListed(msg sentMsg) tea.Cmd {
	if !msg.awaited || msg.sentLog(m) != m.com.log || !m.listingPending(msg.cmd.Method) {
		return nil
	}
	if msg.err != nil {
		// Tab again would list again: the failure is in the status
		// line and Pairs, the user's next Tab decides.
		m.tabAfter = ""
	}
	if msg.resp != nil && !m.answerIndexed(msg.resp) {
		m.completionLists[msg.cmd.Method] = msg.resp
		return nil
	}
	return m.listingDone(msg.cmd.Method)
}

// listingsIndexed ends the listings for completion whose answers the
// records just indexed (afterAppend).
func (m *Model) listingsIndexed() tea.Cmd {
	var cmds []tea.Cmd
	for method, resp := range m.completionLists {
		if resp != nil && m.answerIndexed(resp) {
			cmds = append(cmds, m.listingDone(method))
		}
	}
	return tea.Batch(cmds...)
}

// listingDone forgets a listing for completion that is over: a Tab after
// it may list again. The tools/calls that waited for the tools to be
// listed go now, checked against the listed schema, and so does the Tab
// that sent the listings once none is left.
func (m *Model) listingDone(method string) tea.Cmd {
	delete(m.completionLists, method)
	if method != toolsListing.Method {
		return m.retab()
	}
	m.cmdline.SetListingTools(false)
	return tea.Batch(m.retab(), m.releaseAfterTools())
}

// listingPending reports whether a listing of method that completion
// waits for is on its way or not indexed yet.
func (m *Model) listingPending(method string) bool {
	_, ok := m.completionLists[method]
	return ok
}

// forgetListings drops the listings for completion when another log is
// shown (showLog): they were sent in the session shown before, whose
// records do not reach the new log (whose record numbers may be the same),
// and a Tab there said "waiting for the listing … already asked for" until
// that session was shown again, or for ever once it was gone (an own
// session opened again). The Tab that sent them was pressed on that
// session too, and the tools/calls held for its tools (afterTools) were
// typed for it: released by the next session's listing, they would go to
// a session they were not typed for. It returns how many such calls it
// dropped, for the status to say (their lines are in ↑'s history).
func (m *Model) forgetListings() (dropped int) {
	clear(m.completionLists)
	m.cmdline.SetListingTools(false)
	m.tabAfter = ""
	m.heldListing = nil
	dropped = len(m.afterTools)
	m.afterTools = nil
	return dropped
}

// retab runs the Tab that sent listings for completion once they are all
// back and their records indexed (listingDone), if the command line
// still holds the line it was pressed on: typing on meanwhile, or leaving
// the line, is a change of mind. That Tab lists nothing again, whatever the listings brought.
func (m *Model) retab() tea.Cmd {
	line := m.tabAfter
	if line == "" || len(m.completionLists) > 0 {
		return nil
	}
	m.tabAfter = ""
	if !m.cmdline.Focused() || m.cmdline.input.Value() != line {
		return nil
	}
	return m.cmdline.completeWith(false)
}
