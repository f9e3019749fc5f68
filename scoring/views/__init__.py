"""The site's pages, one module per part of the club's life: rules, the table, results."""
