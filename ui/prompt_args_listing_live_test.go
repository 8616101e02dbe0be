package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Tab after a prompt's name typed by hand lists the prompts, as Tab on
// the name does, and then offers the prompt's arguments: with no
// prompts/list sent yet, "prompt review_code " and Tab did nothing, and
// the hint said only the usage.
func TestLiveTabListsThePromptsForAHandTypedPromptsArguments(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type(":prompt review_code ")
	l.waitFor("no prompts known yet: tab lists them, then offers the arguments")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("prompts/list: ok")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("language=  focus=  code=")
	l.quit()
}
