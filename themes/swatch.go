package themes

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/wrap"
)

// swatchRoles are the roles a swatch shows: enough to recognise a theme at a
// glance, in the order the eye reads a screen (text, accents, then states).
func swatchRoles(p Palette) []lipgloss.TerminalColor {
	return []lipgloss.TerminalColor{
		p.Foreground, p.Subtle, p.Muted, p.Primary, p.FocusedBorder, p.Border,
		p.Selection, p.Success, p.Warning, p.Error, p.Info,
	}
}

// Swatch renders one line: the theme's name, a row of coloured blocks for its
// main roles painted on its own background, and its description. The name,
// description and path come from a user's file (and the name from its file
// name), so they are sanitized like server text.
func Swatch(t Theme) string {
	return swatch(t, lipgloss.Width(sanitize.Line(t.Name)))
}

func swatch(t Theme, nameWidth int) string {
	head, desc := swatchParts(t, nameWidth)
	return head + desc
}

// swatchParts is a swatch line cut where its description starts: the name
// and the blocks, and the description, so a list can wrap the description
// under itself.
func swatchParts(t Theme, nameWidth int) (head, desc string) {
	var blocks strings.Builder
	bg := lipgloss.NewStyle().Background(t.Palette.Background)
	blocks.WriteString(bg.Render(" "))
	for _, c := range swatchRoles(t.Palette) {
		blocks.WriteString(bg.Foreground(c).Render("██"))
		blocks.WriteString(bg.Render(" "))
	}
	name := lipgloss.NewStyle().Bold(true).Width(nameWidth).Render(sanitize.Line(t.Name))
	desc = t.Description
	if t.Source != SourceBuiltin && t.Source != "" {
		desc += " (" + t.Source + ")"
	}
	return name + "  " + blocks.String() + "  ", sanitize.Line(desc)
}

// minDescWidth is the narrowest column a description is wrapped into beside
// its swatch; narrower, it goes on lines of its own under the swatch.
const minDescWidth = 20

// RenderList renders the output of `mcpscope themes`: every theme with its
// swatch, where user themes live and how to write one, and the problems found
// in any user theme file. Lines fit width columns (0: any width): the
// descriptions and the notes wrap at their spaces, and a path is never cut.
func RenderList(themes []Theme, errs []error, width int) string {
	var b strings.Builder
	// para writes text after indent, its later lines under its first.
	para := func(indent, text string) {
		lines := []string{text}
		if room := width - lipgloss.Width(indent); width > 0 && room > 0 {
			lines = wrap.Words(text, room)
		}
		pad := strings.Repeat(" ", lipgloss.Width(indent))
		for i, l := range lines {
			if i > 0 {
				indent = pad
			}
			b.WriteString(indent + l + "\n")
		}
	}
	b.WriteString("Themes (choose one with --theme NAME):\n\n")
	nameWidth := 0
	for _, t := range themes {
		nameWidth = max(nameWidth, lipgloss.Width(sanitize.Line(t.Name)))
	}
	for _, t := range themes {
		head, desc := swatchParts(t, nameWidth)
		head = "  " + head
		if width > 0 && width-lipgloss.Width(head) < minDescWidth && lipgloss.Width(head+desc) > width {
			b.WriteString(strings.TrimRight(head, " ") + "\n")
			para("    ", desc)
			continue
		}
		para(head, desc)
	}
	fmt.Fprintf(&b, "\nUser themes: %s/NAME.yaml\n", describeDir(Dir()))
	para("  ", "Start from a built-in with `base: dark`, then give colours by role, e.g. `primary: \"#89b4fa\"`.")
	para("  ", "Roles: "+strings.Join(roleKeys(), ", ")+".")
	if len(errs) > 0 {
		b.WriteString("\nProblems in theme files:\n")
		for _, err := range errs {
			for _, line := range strings.Split(err.Error(), "\n") {
				para("  ", sanitize.Line(line))
			}
		}
	}
	return b.String()
}

func roleKeys() []string {
	keys := make([]string, len(roles))
	for i, r := range roles {
		keys[i] = r.key
	}
	return keys
}
