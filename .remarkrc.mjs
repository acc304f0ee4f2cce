// remark (npm run lint): every relative link and anchor in README.md and docs/ must resolve.
import remarkValidateLinks from "remark-validate-links";

export default {
  plugins: [[remarkValidateLinks, { repository: false }]],
};
