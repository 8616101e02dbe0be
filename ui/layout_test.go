package ui

import "testing"

func TestLayoutModes(t *testing.T) {
	tests := []struct {
		w, h int
		want layoutMode
	}{
		{59, 24, modeTooSmall},
		{80, 14, modeTooSmall},
		{0, 0, modeTooSmall},
		{60, 15, modeTabs},
		{80, 24, modeTabs},
		{99, 40, modeTabs},
		{100, 30, modeTwoColumn},
		{119, 30, modeTwoColumn},
		{120, 30, modeFour},
		{160, 45, modeFour},
		{400, 120, modeFour},
	}
	for _, tt := range tests {
		if got := layout(tt.w, tt.h).Mode; got != tt.want {
			t.Errorf("layout(%d, %d).Mode = %v, want %v", tt.w, tt.h, got, tt.want)
		}
	}
}

func TestLayoutRects(t *testing.T) {
	tests := []struct {
		name string
		w, h int
		want screenLayout
	}{
		{"four panes at 160x45", 160, 45, screenLayout{
			Mode: modeFour,
			Panes: [paneCount]rect{
				paneNegotiation: {0, 0, 64, 18},
				paneEvents:      {0, 18, 64, 24},
				panePairs:       {64, 0, 96, 16},
				paneDetail:      {64, 16, 96, 26},
			},
			CmdLine: rect{0, 42, 160, 2},
			Status:  rect{0, 44, 160, 1},
		}},
		{"tabs at 80x24", 80, 24, screenLayout{
			Mode:    modeTabs,
			TabBar:  rect{0, 0, 80, 1},
			Slot:    rect{0, 1, 80, 20},
			Tabbed:  []pane{paneNegotiation, paneEvents, panePairs, paneDetail},
			CmdLine: rect{0, 21, 80, 2},
			Status:  rect{0, 23, 80, 1},
		}},
		{"two columns at 110x30", 110, 30, screenLayout{
			Mode:    modeTwoColumn,
			Panes:   [paneCount]rect{paneDetail: {55, 0, 55, 27}},
			TabBar:  rect{0, 0, 55, 1},
			Slot:    rect{0, 1, 55, 26},
			Tabbed:  []pane{paneNegotiation, paneEvents, panePairs},
			CmdLine: rect{0, 27, 110, 2},
			Status:  rect{0, 29, 110, 1},
		}},
		{"too small", 59, 15, screenLayout{Mode: modeTooSmall}},
	}
	for _, tt := range tests {
		got := layout(tt.w, tt.h)
		if got.Mode != tt.want.Mode || got.Panes != tt.want.Panes || got.TabBar != tt.want.TabBar ||
			got.Slot != tt.want.Slot || got.CmdLine != tt.want.CmdLine || got.Status != tt.want.Status ||
			len(got.Tabbed) != len(tt.want.Tabbed) {
			t.Errorf("%s: layout(%d, %d) =\n %+v, want\n %+v", tt.name, tt.w, tt.h, got, tt.want)
			continue
		}
		for i := range got.Tabbed {
			if got.Tabbed[i] != tt.want.Tabbed[i] {
				t.Errorf("%s: Tabbed = %v, want %v", tt.name, got.Tabbed, tt.want.Tabbed)
			}
		}
	}
}

// TestLayoutTiles checks at many sizes that the panes, command line and
// status bar tile the screen: no overlap, nothing off screen, every cell used.
func TestLayoutTiles(t *testing.T) {
	for w := minWidth; w <= 200; w += 7 {
		for h := minHeight; h <= 60; h += 5 {
			l := layout(w, h)
			rects := []rect{l.CmdLine, l.Status, l.TabBar, l.Slot}
			for _, r := range l.Panes {
				rects = append(rects, r)
			}
			cover := make([]int, w*h)
			for _, r := range rects {
				if r.empty() {
					continue
				}
				if r.X < 0 || r.Y < 0 || r.X+r.W > w || r.Y+r.H > h {
					t.Fatalf("layout(%d, %d): %+v is off screen", w, h, r)
				}
				for y := r.Y; y < r.Y+r.H; y++ {
					for x := r.X; x < r.X+r.W; x++ {
						cover[y*w+x]++
					}
				}
			}
			for i, c := range cover {
				if c != 1 {
					t.Fatalf("layout(%d, %d): cell (%d, %d) covered %d times, want 1", w, h, i%w, i/w, c)
				}
			}
			for p := pane(0); p < paneCount; p++ {
				if l.Panes[p].empty() && !l.isTabbed(p) {
					t.Fatalf("layout(%d, %d): pane %v has no place", w, h, p)
				}
				if r := l.paneRect(p, p); r.H < 4 || r.W < 20 {
					t.Fatalf("layout(%d, %d): pane %v is %+v, too small to use", w, h, p, r)
				}
			}
		}
	}
}
