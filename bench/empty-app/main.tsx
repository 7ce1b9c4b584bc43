// The floor of `npm run bench:web`: React 19 and React Router 7 (data router, four routes) and nothing else,
// built by the portal's own Vite configuration. Whatever the portal's first load weighs beyond this is ours.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, Link, Outlet } from "react-router";
import { RouterProvider } from "react-router/dom";

function Layout() {
  return (
    <>
      <nav>
        <Link to="/">Home</Link> <Link to="/one">One</Link> <Link to="/two">Two</Link> <Link to="/three">Three</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

const page = (title: string) => () => <h1>{title}</h1>;

const router = createBrowserRouter([
  {
    path: "/",
    Component: Layout,
    children: [
      { index: true, Component: page("Home") },
      { path: "one", Component: page("One") },
      { path: "two", Component: page("Two") },
      { path: "three", Component: page("Three") },
    ],
  },
]);

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
