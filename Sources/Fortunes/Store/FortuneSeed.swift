/// TechEmpower's Fortunes data set and the schema both stores migrate to. The table is the one
/// TechEmpower's own setup and the benchmark peer (`../shared/bench/peers/hb-fortunes`) create,
/// `fortune (id integer PRIMARY KEY, message varchar(2048) NOT NULL)`, so our server and the peer
/// can read one PostgreSQL database side by side. SQLite takes the same statements (`varchar` is
/// text to it, and `integer PRIMARY KEY` is the row id).
public enum FortuneSeed {
  /// Ids 1 to 12, as TechEmpower's database scripts insert them: markup to escape (a `<script>`
  /// tag, double quotes, an apostrophe), em dashes and Japanese.
  public static let rows: [Fortune] = [
    Fortune(id: 1, message: "fortune: No such file or directory"),
    Fortune(id: 2, message: "A computer scientist is someone who fixes things that aren't broken."),
    Fortune(id: 3, message: "After enough decimal places, nobody gives a damn."),
    Fortune(id: 4, message: "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"),
    Fortune(
      id: 5, message: "A computer program does what you tell it to do, not what you want it to do."),
    Fortune(
      id: 6, message: "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen"),
    Fortune(id: 7, message: "Any program that runs right is obsolete."),
    Fortune(id: 8, message: "A list is only as strong as its weakest link. — Donald Knuth"),
    Fortune(id: 9, message: "Feature: A bug with seniority."),
    Fortune(id: 10, message: "Computers make very fast, very accurate mistakes."),
    Fortune(
      id: 11,
      message: "<script>alert(\"This should not be displayed in a browser alert box.\");</script>"),
    Fortune(id: 12, message: "フレームワークのベンチマーク"),
  ]

  /// Creates the table unless it is there: the peer, or TechEmpower's own scripts, may have made
  /// it in a shared PostgreSQL database first.
  static let createTable =
    "CREATE TABLE IF NOT EXISTS fortune (id integer PRIMARY KEY, message varchar(2048) NOT NULL)"

  /// Inserts the rows that are missing and leaves the others as they are, so seeding a database
  /// the peer seeded already is harmless. The values are written as SQL literals because a
  /// migration is a script without parameters; they are the constants above, never input, and
  /// a quote in them is doubled as standard SQL (and PostgreSQL's default
  /// `standard_conforming_strings`) reads it.
  static var insertRows: String {
    let values = rows.map { row in
      "(\(row.id), '\(row.message.replacing("'", with: "''"))')"
    }
    return "INSERT INTO fortune (id, message) VALUES "
      + values.joined(separator: ", ") + " ON CONFLICT (id) DO NOTHING"
  }
}
