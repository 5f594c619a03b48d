/// Scenes compiled into the binary, so `tenfoot` with no argument always has something to show.
public enum BuiltInScenes {
    /// The name shown in messages for the built-in default scene.
    public static let defaultFile = "<built-in home>"

    /// The default scene: the same text as `scenes/home.json` (a test keeps the two identical).
    public static func home() -> Scene {
        do { return try SceneDecoder.decode(homeJSON, file: defaultFile) } catch {
            fatalError("the built-in scene does not load: \(error)")  // a test guards this
        }
    }

    public static let homeJSON = #"""
{
  "name": "Home",
  "note": "The built-in default scene: a tvOS home screen with a tab bar, a hero bound to the focused scene value, and five shelves that remember their focus. Keep it identical to BuiltInScenes.homeJSON (a test checks).",
  "root": {
    "type": "tabBar",
    "id": "tabs",
    "defaultFocus": "p1",
    "tabs": [
      {
        "id": "tabWatchNow",
        "title": "Watch Now",
        "content": {
          "type": "scroll",
          "id": "watchNow",
          "children": [
            {
              "type": "hero",
              "id": "hero",
              "value": "featured",
              "title": "Northern Lights",
              "subtitle": "New episodes every Friday"
            },
            {
              "type": "shelf",
              "id": "upNext",
              "title": "Up Next",
              "remembersLastFocus": true,
              "children": [
                {
                  "type": "poster",
                  "id": "p1",
                  "title": "Northern Lights",
                  "focusedSceneValue": {
                    "featured": "Northern Lights"
                  },
                  "subtitle": "Season 2"
                },
                {
                  "type": "poster",
                  "id": "p2",
                  "title": "The Long Way Home",
                  "focusedSceneValue": {
                    "featured": "The Long Way Home"
                  }
                },
                {
                  "type": "poster",
                  "id": "p3",
                  "title": "Harbour",
                  "focusedSceneValue": {
                    "featured": "Harbour"
                  }
                },
                {
                  "type": "poster",
                  "id": "p4",
                  "title": "Midnight Garden",
                  "focusedSceneValue": {
                    "featured": "Midnight Garden"
                  }
                },
                {
                  "type": "poster",
                  "id": "p5",
                  "title": "Paper Planes",
                  "focusedSceneValue": {
                    "featured": "Paper Planes"
                  }
                },
                {
                  "type": "poster",
                  "id": "p6",
                  "title": "Blue Hour",
                  "focusedSceneValue": {
                    "featured": "Blue Hour"
                  }
                },
                {
                  "type": "poster",
                  "id": "p7",
                  "title": "Cinder",
                  "focusedSceneValue": {
                    "featured": "Cinder"
                  }
                },
                {
                  "type": "poster",
                  "id": "p8",
                  "title": "Lighthouse",
                  "focusedSceneValue": {
                    "featured": "Lighthouse"
                  }
                },
                {
                  "type": "poster",
                  "id": "p9",
                  "title": "Salt Road",
                  "focusedSceneValue": {
                    "featured": "Salt Road"
                  }
                },
                {
                  "type": "poster",
                  "id": "p10",
                  "title": "Afterglow",
                  "focusedSceneValue": {
                    "featured": "Afterglow"
                  }
                }
              ]
            },
            {
              "type": "shelf",
              "id": "whatToWatch",
              "title": "What to Watch",
              "remembersLastFocus": true,
              "children": [
                {
                  "type": "poster",
                  "id": "w1",
                  "title": "Quiet Hours"
                },
                {
                  "type": "poster",
                  "id": "w2",
                  "title": "Ember"
                },
                {
                  "type": "poster",
                  "id": "w3",
                  "title": "The Cartographer"
                },
                {
                  "type": "poster",
                  "id": "w4",
                  "title": "Low Tide"
                },
                {
                  "type": "poster",
                  "id": "w5",
                  "title": "Glasshouse"
                },
                {
                  "type": "poster",
                  "id": "w6",
                  "title": "Orbit"
                },
                {
                  "type": "poster",
                  "id": "w7",
                  "title": "Wildflower"
                },
                {
                  "type": "poster",
                  "id": "w8",
                  "title": "Second Act"
                }
              ]
            },
            {
              "type": "shelf",
              "id": "movies",
              "title": "Movies",
              "remembersLastFocus": true,
              "children": [
                {
                  "type": "poster",
                  "id": "m1",
                  "title": "Static"
                },
                {
                  "type": "poster",
                  "id": "m2",
                  "title": "The Orchard"
                },
                {
                  "type": "poster",
                  "id": "m3",
                  "title": "Parallel"
                },
                {
                  "type": "poster",
                  "id": "m4",
                  "title": "Night Train"
                },
                {
                  "type": "poster",
                  "id": "m5",
                  "title": "Copperline"
                },
                {
                  "type": "poster",
                  "id": "m6",
                  "title": "Signal"
                },
                {
                  "type": "poster",
                  "id": "m7",
                  "title": "Atlas"
                }
              ]
            },
            {
              "type": "shelf",
              "id": "shows",
              "title": "TV Shows",
              "remembersLastFocus": true,
              "children": [
                {
                  "type": "poster",
                  "id": "s1",
                  "title": "Borderlands"
                },
                {
                  "type": "poster",
                  "id": "s2",
                  "title": "Kitchen Table"
                },
                {
                  "type": "poster",
                  "id": "s3",
                  "title": "The Grid"
                },
                {
                  "type": "poster",
                  "id": "s4",
                  "title": "Saltwater"
                },
                {
                  "type": "poster",
                  "id": "s5",
                  "title": "Long Shadows"
                },
                {
                  "type": "poster",
                  "id": "s6",
                  "title": "Field Notes"
                },
                {
                  "type": "poster",
                  "id": "s7",
                  "title": "Echo Park"
                },
                {
                  "type": "poster",
                  "id": "s8",
                  "title": "Summit"
                }
              ]
            },
            {
              "type": "shelf",
              "id": "kids",
              "title": "Kids",
              "remembersLastFocus": true,
              "children": [
                {
                  "type": "poster",
                  "id": "k1",
                  "title": "Moon Bear"
                },
                {
                  "type": "poster",
                  "id": "k2",
                  "title": "Pip & Pop"
                },
                {
                  "type": "poster",
                  "id": "k3",
                  "title": "Robot Garden"
                },
                {
                  "type": "poster",
                  "id": "k4",
                  "title": "Tiny Trains"
                },
                {
                  "type": "poster",
                  "id": "k5",
                  "title": "Cloud Castle"
                },
                {
                  "type": "poster",
                  "id": "k6",
                  "title": "Sea Friends"
                },
                {
                  "type": "poster",
                  "id": "k7",
                  "title": "Star Scouts"
                }
              ]
            }
          ]
        }
      },
      {
        "id": "tabMovies",
        "title": "Movies",
        "content": {
          "type": "grid",
          "id": "movieGrid",
          "columns": 6,
          "children": [
            {
              "type": "poster",
              "id": "mg1",
              "title": "Static"
            },
            {
              "type": "poster",
              "id": "mg2",
              "title": "The Orchard"
            },
            {
              "type": "poster",
              "id": "mg3",
              "title": "Parallel"
            },
            {
              "type": "poster",
              "id": "mg4",
              "title": "Night Train"
            },
            {
              "type": "poster",
              "id": "mg5",
              "title": "Copperline"
            },
            {
              "type": "poster",
              "id": "mg6",
              "title": "Signal"
            }
          ]
        }
      },
      {
        "id": "tabShows",
        "title": "TV Shows",
        "content": {
          "type": "grid",
          "id": "showGrid",
          "columns": 5,
          "children": [
            {
              "type": "poster",
              "id": "sg1",
              "title": "Borderlands",
              "aspect": 0.5625
            },
            {
              "type": "poster",
              "id": "sg2",
              "title": "Kitchen Table",
              "aspect": 0.5625
            },
            {
              "type": "poster",
              "id": "sg3",
              "title": "The Grid",
              "aspect": 0.5625
            },
            {
              "type": "poster",
              "id": "sg4",
              "title": "Saltwater",
              "aspect": 0.5625
            },
            {
              "type": "poster",
              "id": "sg5",
              "title": "Long Shadows",
              "aspect": 0.5625
            }
          ]
        }
      },
      {
        "id": "tabSearch",
        "title": "Search",
        "content": {
          "type": "vstack",
          "id": "searchPage",
          "alignment": "leading",
          "children": [
            {
              "type": "textField",
              "id": "searchField",
              "placeholder": "Shows, Movies and More"
            }
          ]
        }
      }
    ]
  },
  "expect": [
    {
      "name": "focus starts on the first poster",
      "press": [],
      "focus": "p1"
    },
    {
      "name": "right moves along the shelf",
      "press": [
        "right",
        "right",
        "left"
      ],
      "focus": [
        "p2",
        "p3",
        "p2"
      ]
    },
    {
      "name": "left at the start is blocked",
      "press": [
        "left"
      ],
      "focus": [
        "p1"
      ],
      "via": [
        "blocked"
      ]
    },
    {
      "name": "down to the next shelf, up again returns to the remembered poster",
      "from": "p3",
      "press": [
        "down",
        "right",
        "up"
      ],
      "focus": [
        "w3",
        "w4",
        "p3"
      ],
      "via": [
        "direct",
        "direct",
        "remembered"
      ]
    },
    {
      "name": "Menu returns focus to the tab bar",
      "from": "p2",
      "press": [
        "menu"
      ],
      "focus": [
        "tabWatchNow"
      ]
    },
    {
      "name": "moving across the tab bar switches tabs; down enters the content",
      "from": "tabWatchNow",
      "press": [
        "right",
        "down"
      ],
      "focus": [
        "tabMovies",
        "mg1"
      ]
    },
    {
      "name": "Menu at the top level exits to Home",
      "from": "tabWatchNow",
      "press": [
        "menu"
      ],
      "focus": [
        "(home)"
      ],
      "via": [
        "home"
      ]
    }
  ]
}
"""#
}
