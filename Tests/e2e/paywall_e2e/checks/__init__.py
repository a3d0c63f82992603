"""The page checks of site_pages.py, one module per concern; each reports to a report.Report."""
