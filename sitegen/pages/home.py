"""The pages every site has: home (each rule set's section, news, pages), the Markdown pages
of ``content/pages`` and the 404 page."""

from __future__ import annotations

from ..model import Content
from ..plan import FAR_PAST, Page, SitePlan
from ..urls import HOME, NOT_FOUND, page_url


def plan_home_and_pages(content: Content, plan: SitePlan) -> None:
    """Add the Markdown pages, the home page (the rule sets' home sections, news, pages) and
    the 404 page to ``plan``."""
    pages = sorted(content.pages, key=lambda p: (p.order, p.slug))
    news = sorted((p for p in pages if p.kind == "news"), key=lambda p: (p.date or FAR_PAST, p.slug),
                  reverse=True)
    for page in pages:
        plan.add(Page(page_url(page.slug), "page.html", {
            "title": page.title, "body": page.body, "kind": page.kind, "date": page.date}))
    plan.add(Page(HOME, "home.html", {
        "title": content.config.title, "description": content.config.description,
        "sections": plan.home_sections,
        "news": [{"title": p.title, "url": page_url(p.slug), "date": p.date} for p in news],
        "pages": [{"title": p.title, "url": page_url(p.slug)} for p in pages if p.kind != "news"]}))
    plan.add(Page(HOME, "404.html", {"title": "Page not found"}, file_name=NOT_FOUND))
