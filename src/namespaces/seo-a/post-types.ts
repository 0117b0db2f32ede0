/** Post types SEOPress works on (`WordPressData::getPostTypes`: the public ones but attachments). */
export const POST_TYPES = ['post', 'page'];
