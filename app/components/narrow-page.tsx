import type { ReactNode } from "react";

/** A page of one narrow column with its heading: the login, password and signup screens. */
export function NarrowPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-sm-10 col-md-7 col-lg-5">
          <h1 className="h3 mb-3">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
